import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useAssignTicketsMutation, useLazyFindFriendQuery } from '../../api/corporatesApi';
import { errorMessage, errorStatus, failureText } from '../../api/errorMessage';
import type { TicketItem, TicketUser } from '../../contracts/corporates';
import { PHONE_ENTER_HINT_DELAY_MS, reservationPhoneQuery } from '../../domain/phone';
import { useGetOutboxSetupQuery } from '../../api/outboxApi';
import { ticketAssignedNote } from '../../domain/outboxTruth';
import { notifyNote } from '../../ui/notify';
import { placeLabel } from './placeLabel';
import { PreviousRecipients } from './PreviousRecipients';

type Found = { kind: 'user'; user: TicketUser; refusal: string | null } | { kind: 'unregistered' } | null;

/**
 * Send a ticket to a person found by phone (001 §4, §5, §8). The number is shown normalised (07… → +467…), only its
 * digits are sent; from 11 characters a 'press ENTER' hint appears after 500 ms, until the number is searched. 404:
 * the person is not registered and gets the ticket as an unregistered user (names editable); 403 and 400 show the
 * server's message; other failures 'Searching error'.
 */
export function SendTicketDialog({ reservationId, eventId, ticket, onClose }: { reservationId: number; eventId: number; ticket: TicketItem; onClose: () => void }) {
  const [input, setInput] = useState('');
  const setup = useGetOutboxSetupQuery();
  const [hint, setHint] = useState(false);
  const [found, setFound] = useState<Found>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [names, setNames] = useState({ first_name: '', last_name: '' });
  const [sendError, setSendError] = useState<string | null>(null);
  const [findFriend, search] = useLazyFindFriendQuery();
  const [assign, sending] = useAssignTicketsMutation();
  const query = reservationPhoneQuery(input);

  useEffect(() => {
    setHint(false);
    if (!query.pressEnterHint) return undefined;
    const timer = setTimeout(() => setHint(true), PHONE_ENTER_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query.shown, query.pressEnterHint]);

  const runSearch = async (typed?: string) => {
    const q = typed === undefined ? query : reservationPhoneQuery(typed);
    if (!q.digits) return;
    setFound(null);
    setSearchError(null);
    setSendError(null);
    const res = await findFriend({ eventId, phone: q.digits });
    // A failed search of a number found before keeps the earlier answer in the cache: the error decides.
    if (!res.error && res.data) {
      setFound({ kind: 'user', user: res.data.user, refusal: res.data.refusal ?? null });
      return;
    }
    const status = errorStatus(res.error);
    if (status === 404) setFound({ kind: 'unregistered' });
    else if (status === 403 || status === 400) setSearchError(errorMessage(res.error));
    else setSearchError(errorMessage(res.error, 'Searching error'));
  };

  const send = async () => {
    if (!found) return;
    setSendError(null);
    const user = found.kind === 'user' ? { id: found.user.id } : { phone: query.digits, ...names };
    const res = await assign({ id: reservationId, body: { items: [{ id: ticket.id, user, is_child: false }] } });
    if ('error' in res) {
      setSendError(failureText(res.error));
      return;
    }
    // The ticket is theirs now; the SMS about it is what the setup says it is (docs/outbox.md).
    const typed = `${names.first_name} ${names.last_name}`.trim();
    const who = found.kind === 'user' ? found.user.name : typed ? `${typed} (${query.shown})` : query.shown;
    notifyNote(ticketAssignedNote('Ticket', who, setup.data?.sms));
    onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title="Send ticket" className="send-ticket-dialog">
      <DialogBody>
        <p>
          Ticket <strong>{placeLabel(ticket)}</strong>. Only the person who receives the ticket can return it.
        </p>
        <PreviousRecipients onPick={(u) => { setInput(u.phone); void runSearch(u.phone); }} />
        <FormGroup
          label="Phone number"
          labelFor="send-ticket-phone"
          intent={searchError ? 'danger' : 'none'}
          helperText={searchError ?? (hint && !found ? 'Press ENTER to search' : 'Type the number the local way, e.g. 070 123 45 67')}
        >
          <InputGroup
            id="send-ticket-phone"
            type="tel"
            autoFocus
            value={query.shown}
            intent={searchError ? 'danger' : 'none'}
            onChange={(e) => {
              setInput(e.currentTarget.value);
              setFound(null);
              setSearchError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void runSearch();
              }
            }}
            rightElement={<Button variant="minimal" icon="search" aria-label="Search" loading={search.isFetching} onClick={() => void runSearch()} />}
          />
        </FormGroup>
        {found?.kind === 'user' ? (
          <Callout intent={found.refusal ? 'danger' : 'success'} icon={found.refusal ? 'blocked-person' : 'person'} className="found-person" role={found.refusal ? 'alert' : undefined}>
            {found.user.name || query.shown} · {found.user.phone}
            {found.user.status === 'unregistered' ? ' (not registered yet)' : ''}
            {found.refusal ? <div className="found-refusal">{found.refusal}</div> : null}
          </Callout>
        ) : null}
        {found?.kind === 'unregistered' ? (
          <>
            <Callout intent="warning" icon="person" className="found-person">
              No registered user has this number. The ticket is sent to {query.shown} as an unregistered user.
            </Callout>
            <FormGroup label="First name" labelFor="send-ticket-first">
              <InputGroup id="send-ticket-first" value={names.first_name} onChange={(e) => setNames({ ...names, first_name: e.currentTarget.value })} />
            </FormGroup>
            <FormGroup label="Last name" labelFor="send-ticket-last">
              <InputGroup id="send-ticket-last" value={names.last_name} onChange={(e) => setNames({ ...names, last_name: e.currentTarget.value })} />
            </FormGroup>
          </>
        ) : null}
        {sendError ? <Callout intent="danger" role="alert">{sendError}</Callout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Send ticket" disabled={!found || (found.kind === 'user' && found.refusal !== null)} loading={sending.isLoading} onClick={() => void send()} />
          </>
        }
      />
    </Dialog>
  );
}
