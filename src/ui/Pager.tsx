import { Button, ButtonGroup } from '@blueprintjs/core';

/** The page links to show: at most `links` around the current page (000 §9: 5 page links). */
export function pageWindow(page: number, pages: number, links = 5): number[] {
  const count = Math.min(links, pages);
  const start = Math.min(Math.max(1, page - Math.floor(links / 2)), Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Paging of the lists: previous, up to 5 page links, next. Hidden when everything fits on one page. */
export function Pager({ page, count, perPage, onChange }: { page: number; count: number; perPage: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <ButtonGroup>
        <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => onChange(page - 1)} />
        {pageWindow(page, pages).map((p) => (
          <Button key={p} text={p} active={p === page} aria-label={`Page ${p}`} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)} />
        ))}
        <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => onChange(page + 1)} />
      </ButtonGroup>
    </nav>
  );
}
