import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useGetUsersQuery } from '../../api/usersApi';

/** The promoters an admin chooses from (the users API lists promoter accounts with their promoter). */
export function usePromoterOptions(skip: boolean) {
  const promoters = useGetUsersQuery({ type: 'promoter', per_page: 500 }, { skip });
  const options = [...new Map((promoters.data?.collection ?? []).filter((u) => u.promoter).map((u) => [u.promoter!.id, u.promoter!.name])).entries()]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'sv'));
  return { options, isLoading: promoters.isLoading };
}

/** The admin's promoter filter of the corporates lists (002 §2); empty = all promoters. */
export function PromoterSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { options } = usePromoterOptions(false);
  return (
    <FormGroup label="Promoter" labelFor="corporates-promoter" inline className="promoter-filter">
      <HTMLSelect id="corporates-promoter" value={value} onChange={(e) => onChange(e.currentTarget.value)} options={[{ value: '', label: 'All promoters' }, ...options]} />
    </FormGroup>
  );
}
