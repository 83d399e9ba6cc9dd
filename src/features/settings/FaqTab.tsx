import { Button, Callout, Card } from '@blueprintjs/core';
import { useState } from 'react';
import { useDeleteFaqMutation, useGetFaqQuery } from '../../api/platformSettingsApi';
import type { FaqItem } from '../../contracts/platformSettings';
import { formatFaqDateTime, parseApiDateTime } from '../../domain/dates';
import { richTextPlain } from '../../domain/richText';
import { FAQ_EFFECT } from '../../domain/settingEffects';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { FaqDialog } from './FaqDialog';

const when = (text: string) => {
  const date = parseApiDateTime(text);
  return date ? formatFaqDateTime(date) : text;
};
const title = (f: FaqItem, lang: 'en' | 'sv') => f.translations.find((t) => t.language === lang)?.title ?? '';
const answer = (f: FaqItem) => richTextPlain(f.translations.find((t) => t.language === 'en')?.description ?? '');

/** Settings → FAQ: the Q&A items of the app and the event manager (002 §2, §3); dates MM/DD/YYYY HH:MM. */
export function FaqTab() {
  const faq = useGetFaqQuery();
  const [editing, setEditing] = useState<FaqItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FaqItem | null>(null);
  const [remove, removal] = useDeleteFaqMutation();
  if (faq.isLoading) return <LoadingSpinner />;
  if (!faq.data) return <RetryPanel onRetry={faq.refetch} detail="Something went wrong" />;
  return (
    <Card className="settings-card">
      <Callout intent="primary" icon="info-sign" className="form-callout" title="Who reads these">{FAQ_EFFECT}</Callout>
      <div className="page-head">
        <span />
        <Button intent="primary" icon="plus" text="Add Q&A item" onClick={() => setEditing('new')} />
      </div>
      <DataTable
        label="FAQ"
        rows={faq.data.collection}
        rowKey={(f) => f.id}
        rowLabel={(f) => title(f, 'en')}
        onRowClick={(f) => setEditing(f)}
        columns={[
          { key: 'en', header: 'Question', render: (f) => <><strong>{title(f, 'en')}</strong><div className="faq-answer">{answer(f)}</div></> },
          { key: 'sv', header: 'Fråga', render: (f) => title(f, 'sv') },
          { key: 'platform', header: 'Platform', render: (f) => (f.platform === 'app' ? 'App' : 'Event manager') },
          { key: 'position', header: 'Position', render: (f) => String(f.position) },
          { key: 'created', header: 'Created', render: (f) => when(f.created_at) },
          { key: 'updated', header: 'Edited', render: (f) => when(f.updated_at) },
          {
            key: 'menu', header: '', className: 'cell-menu',
            render: (f) => (
              <RowMenu
                label={`Actions for ${title(f, 'en')}`}
                items={[
                  { text: 'Edit', icon: 'edit', onClick: () => setEditing(f) },
                  { text: 'Delete', icon: 'trash', intent: 'danger', onClick: () => setDeleting(f) },
                ]}
              />
            ),
          },
        ]}
      />
      {editing ? <FaqDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete Q&A item?"
        confirmText="Delete"
        intent="danger"
        loading={removal.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const res = await remove(deleting!.id);
          setDeleting(null);
          if ('error' in res) notifyDanger('Something went wrong');
          else notifySuccess('Q&A item deleted');
        }}
      >
        {deleting ? title(deleting, 'en') : ''}
      </ConfirmDialog>
    </Card>
  );
}
