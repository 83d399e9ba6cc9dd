import { Button, Callout, Card, ControlGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useCancelForgetUserMutation, useForgetUserMutation, useLazySearchForgetUsersQuery } from '../../api/platformSettingsApi';
import { FORGET_DELAY_DAYS, type ForgetCandidate } from '../../contracts/platformSettings';
import { formatFormDate, parseApiDateTime } from '../../domain/dates';
import { normalizeUserSearchPhone } from '../../domain/phone';
import { venueDay } from '../../domain/venueClock';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { notifyDanger, notifySuccess } from '../../ui/notify';

const day = (apiDateTime: string) => {
  const d = parseApiDateTime(apiDateTime);
  return d ? formatFormDate(d) : apiDateTime;
};

/**
 * Settings → Forget user (002 §2, §4, §8): find an attendee, confirm, and the erasure is scheduled for a date 30 days
 * on. The dialog, the result and the row say the same thing: the data will be erased on that date, and until then
 * the row offers Cancel erasure instead of Forget.
 */
export function ForgetUserTab() {
  const [search, setSearch] = useState('');
  const [find, found] = useLazySearchForgetUsersQuery();
  const [forget, forgetting] = useForgetUserMutation();
  const [cancel, cancelling] = useCancelForgetUserMutation();
  const [chosen, setChosen] = useState<ForgetCandidate | null>(null);
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
    setResult(`Data of user(${res.data.user_id}) will be erased on ${day(res.data.execute_date)}`);
  };
  const onCancel = async (person: ForgetCandidate) => {
    const res = await cancel(person.id);
    if ('error' in res) return notifyDanger('Operation error');
    setResult(null);
    notifySuccess(`The erasure of ${person.name}'s data is cancelled.`);
  };
  // The server schedules on the venue's day (Stockholm): the promised date must be that day, whatever the browser's zone.
  const erasureDay = venueDay(new Date(Date.now() + FORGET_DELAY_DAYS * 86_400_000).toISOString());
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
            {
              key: 'forget', header: '', render: (p) => (p.erasure_date ? (
                <span className="forget-pending">
                  <Tag minimal intent="warning">Erasure on {day(p.erasure_date)}</Tag>
                  <Button text="Cancel erasure" aria-label={`Cancel the erasure of ${p.name}`} loading={cancelling.isLoading && cancelling.originalArgs === p.id} onClick={() => void onCancel(p)} />
                </span>
              ) : (
                <Button intent="danger" text="Forget" aria-label={`Forget ${p.name}`} onClick={() => setChosen(p)} />
              )),
            },
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
        Schedule the erasure of {chosen?.name}'s personal data (user {chosen?.id}) for {erasureDay}? On that day their name, phone,
        email and birth date will be erased; their purchases stay in the accounts without them. Until then the erasure can be cancelled here.
      </ConfirmDialog>
    </Card>
  );
}
