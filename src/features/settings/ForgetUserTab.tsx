import { Button, Callout, Card, ControlGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useForgetUserMutation, useLazySearchForgetUsersQuery } from '../../api/platformSettingsApi';
import type { Person } from '../../contracts/promos';
import { formatFormDate, parseApiDateTime } from '../../domain/dates';
import { normalizeUserSearchPhone } from '../../domain/phone';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { notifyDanger } from '../../ui/notify';

/** Settings → Forget user (002 §2, §4, §8): find an attendee, confirm, and the erasure is scheduled. */
export function ForgetUserTab() {
  const [search, setSearch] = useState('');
  const [find, found] = useLazySearchForgetUsersQuery();
  const [forget, forgetting] = useForgetUserMutation();
  const [chosen, setChosen] = useState<Person | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const term = normalizeUserSearchPhone(search);

  const onSearch = async () => {
    if (!term) return;
    setResult(null);
    const res = await find(search.trim());
    if (res.isError) notifyDanger('Serarching error');
  };
  const onForget = async () => {
    const person = chosen!;
    const res = await forget(person.id);
    setChosen(null);
    if ('error' in res) return notifyDanger('Operation error');
    const date = parseApiDateTime(res.data.execute_date);
    setResult(`Data of user(${res.data.user_id}) will be erased on ${date ? formatFormDate(date) : res.data.execute_date}`);
  };
  return (
    <Card className="settings-card">
      <form onSubmit={(e) => { e.preventDefault(); void onSearch(); }} role="search" aria-label="Find a user to forget">
        <ControlGroup fill>
          <InputGroup aria-label="Name, email or phone" placeholder="Name, email or phone" value={search} onChange={(e) => setSearch(e.target.value)} leftIcon="search" />
          <Button type="submit" intent="primary" text="Search" loading={found.isFetching} />
        </ControlGroup>
      </form>
      {result ? <Callout intent="success" role="status" className="forget-result">{result}</Callout> : null}
      {found.isError ? <Callout intent="danger">Serarching error</Callout> : null}
      {found.data && !found.isError ? (
        <DataTable
          label="Users found"
          rows={found.data.collection}
          rowKey={(p) => p.id}
          emptyText="No users found"
          columns={[
            { key: 'name', header: 'Name', render: (p) => p.name },
            { key: 'phone', header: 'Phone', render: (p) => p.phone ?? '' },
            { key: 'email', header: 'Email', render: (p) => p.email ?? '' },
            { key: 'forget', header: '', render: (p) => <Button intent="danger" text="Forget" aria-label={`Forget ${p.name}`} onClick={() => setChosen(p)} /> },
          ]}
        />
      ) : null}
      <ConfirmDialog
        isOpen={Boolean(chosen)}
        title="Forget user"
        confirmText="Forget"
        intent="danger"
        loading={forgetting.isLoading}
        onClose={() => setChosen(null)}
        onConfirm={() => void onForget()}
      >
        Erase the personal data of {chosen?.name} (user {chosen?.id})? Their name, phone, email and birth date are removed; their purchases stay in the
        accounts without them.
      </ConfirmDialog>
    </Card>
  );
}
