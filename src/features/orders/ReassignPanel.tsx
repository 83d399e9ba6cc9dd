import { Button, Callout, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useMergeUserMutation, useSearchOwnerCandidatesQuery } from '../../api/ordersApi';
import { notifyDanger, notifySuccess } from '../../ui/notify';

/** The assignment panel (001 §2): re-assign the reservation of an unregistered owner to another user (unregistered allowed). */
export function ReassignPanel({ ownerId, reservationId }: { ownerId: number; reservationId: number }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const candidates = useSearchOwnerCandidatesQuery(search, { skip: search.length < 2 });
  const [merge, merging] = useMergeUserMutation();
  const users = (candidates.data?.collection ?? []).filter((u) => u.id !== ownerId);
  const reassign = async () => {
    if (chosen === null) return;
    try {
      await merge({ userId: ownerId, user_id: chosen, reservation_id: reservationId }).unwrap();
      notifySuccess('Reservation re-assigned');
    } catch (err) {
      notifyDanger(errorMessage(err as never, 'Error re-assigning the reservation'));
    }
  };
  return (
    <Callout className="reassign-panel" title="Re-assign to another user" icon="swap-horizontal">
      <FormGroup label="Find a user by name, email or phone" labelFor="reassign-search">
        <InputGroup id="reassign-search" leftIcon="search" value={text} onChange={(e) => setText(e.target.value)} />
      </FormGroup>
      {search.length >= 2 && candidates.data && users.length === 0 ? <p>No users found</p> : null}
      {users.length ? (
        <RadioGroup label="Users" selectedValue={chosen ?? undefined} onChange={(e) => setChosen(Number(e.currentTarget.value))}>
          {users.map((u) => (
            <Radio key={u.id} value={u.id} label={`${u.name}${u.phone ? ` · ${u.phone}` : ''}${u.email ? ` · ${u.email}` : ''}${u.status === 'unregistered' ? ' (unregistered)' : ''}`} />
          ))}
        </RadioGroup>
      ) : null}
      <Button intent="primary" text="Re-assign" disabled={chosen === null} loading={merging.isLoading} onClick={reassign} />
    </Callout>
  );
}
