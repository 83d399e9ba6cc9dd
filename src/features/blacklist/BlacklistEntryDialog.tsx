import './blacklist.css';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { errorMessage, validationErrors } from '../../api/errorMessage';
import { useAddToBlacklistMutation, useBlacklistCandidatesQuery, useListPromotersQuery, useUpdateBlacklistEntryMutation } from '../../api/peopleApi';
import type { BlacklistEntry } from '../../contracts/people';
import { blacklistExpiryTextError, validateBlacklistEntry } from '../../domain/backOfficeForms';
import { formatFormDate, parseApiDate, typedFormDay } from '../../domain/dates';
import { LazyDateInput } from '../../ui/LazyDateInput';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { venueToday } from '../../domain/venueClock';

type Person = { id: number; name: string; phone: string | null; email: string | null };
const personText = (p: Person) => [p.name, p.phone, p.email].filter(Boolean).join(' · ');

/** The search text once typing pauses, so the person search is not called on every key. */
function useSettled(text: string, ms = 300) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * 'Add User' and Edit of the blacklist (002 §2, §5): the person (Save stays disabled until one is chosen), the
 * promoter for an admin ('Required'), the expiry date (required, today at the earliest; typed as dd.MM.yyyy, 000 §5, and
 * kept as typed when it is wrong). Editing changes only the date.
 */
export function BlacklistEntryDialog({ entry, isAdmin, onClose }: { entry: BlacklistEntry | null; isAdmin: boolean; onClose: () => void }) {
  const editing = entry !== null;
  // Today is the venue's day, the one the server checks the expiry against (blacklistRoutes.ts).
  const today = venueToday(Date.now());
  const [query, setQuery] = useState('');
  const search = useSettled(query.trim());
  const [person, setPerson] = useState<Person | null>(entry?.user ?? null);
  const [promoter, setPromoter] = useState(entry ? String(entry.promoter.id) : '');
  const [expiry, setExpiry] = useState(() => {
    const day = entry ? parseApiDate(entry.expire_date) : null;
    return day ? formatFormDate(day) : '';
  });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const candidates = useBlacklistCandidatesQuery(search, { skip: editing || search.length < 2 });
  const promoters = useListPromotersQuery({ per_page: 500, status: 'active' }, { skip: !isAdmin || editing });
  const [add, adding] = useAddToBlacklistMutation();
  const [update, updating] = useUpdateBlacklistEntryMutation();

  const expireDay = typedFormDay(expiry, today);
  const errors = {
    ...validateBlacklistEntry({ user: person?.id, promoter: editing ? 1 : promoter }, { isAdmin, today }),
    expire_date: blacklistExpiryTextError(expiry, today),
    ...serverErrors,
  };
  const shown = (field: keyof typeof errors) => (tried || serverErrors[field] ? errors[field] : undefined);

  const save = async () => {
    setTried(true);
    setServerErrors({});
    if (Object.values(errors).some(Boolean) || !person || !expireDay) return;
    const res = editing
      ? await update({ id: entry.id, expire_date: expireDay })
      : await add({ user: person.id, expire_date: expireDay, ...(isAdmin ? { promoter: Number(promoter) } : {}) });
    if ('error' in res) {
      const fields = validationErrors(res.error);
      if (fields) setServerErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
      notifyDanger(editing ? 'Update error' : 'Add error');
      if (!fields) setServerErrors({ form: errorMessage(res.error) });
      return;
    }
    notifySuccess(editing ? 'Blacklist entry updated' : `${person.name} is on the blacklist`);
    onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title={editing ? 'Edit blacklist entry' : 'Add User'}>
      <DialogBody>
        {serverErrors.form ? <Callout intent="danger" role="alert">{serverErrors.form}</Callout> : null}
        {editing ? (
          <p><strong>{personText(entry.user)}</strong> — {entry.promoter.name}</p>
        ) : (
          <>
            <FormGroup label="User" labelFor="blacklist-person" intent={shown('user') ? 'danger' : 'none'} helperText={shown('user') ?? (person ? `Chosen: ${personText(person)}` : 'Search by name, email or phone')}>
              <InputGroup
                id="blacklist-person" type="search" leftIcon="search" value={query} placeholder="Name, email or phone"
                rightElement={candidates.isFetching ? <Spinner size={16} /> : undefined}
                onChange={(e) => { setQuery(e.target.value); setServerErrors({}); }}
              />
            </FormGroup>
            {search.length >= 2 && candidates.data ? (
              candidates.data.collection.length === 0 ? <p>No matching people</p> : (
                <Menu role="listbox" aria-label="Matching people" className="blacklist-candidates">
                  {candidates.data.collection.map((p) => (
                    <MenuItem key={p.id} text={personText(p)} active={person?.id === p.id} roleStructure="listoption" onClick={() => setPerson(p)} />
                  ))}
                </Menu>
              )
            ) : null}
            {isAdmin ? (
              <FormGroup label="Promoter" labelFor="blacklist-promoter" intent={shown('promoter') ? 'danger' : 'none'} helperText={shown('promoter')}>
                <HTMLSelect id="blacklist-promoter" fill value={promoter} onChange={(e) => setPromoter(e.target.value)}>
                  <option value="">Choose a promoter…</option>
                  {(promoters.data?.collection ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
                </HTMLSelect>
              </FormGroup>
            ) : null}
          </>
        )}
        <FormGroup label="Expiration Date" labelFor="blacklist-expiry" intent={shown('expire_date') ? 'danger' : 'none'} helperText={shown('expire_date')}>
          <LazyDateInput
            id="blacklist-expiry" text={expiry} placeholder="dd.mm.yyyy" leftIcon="calendar" canClearSelection={false}
            intent={shown('expire_date') ? 'danger' : 'none'} invalid={Boolean(shown('expire_date'))}
            onTextChange={(text) => { setExpiry(text); setServerErrors({}); }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Save" disabled={!person} loading={adding.isLoading || updating.isLoading} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
