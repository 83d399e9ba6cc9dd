import type { SeatStates } from '../contracts/reservations';

/** One server-sent event: its id (the seat-state version) and data, as the stream's text gives them. */
export interface StreamMessage { id: string | undefined; data: string }

/**
 * Splits the text of a server-sent-event stream into whole messages (a blank line ends one) and the unfinished rest,
 * per the HTML standard's parsing rules that this stream uses: `id:` and `data:` fields, comments (`: ping`) and
 * other fields ignored, `\r\n` and `\n` alike.
 */
export function parseEventStream(text: string): { messages: StreamMessage[]; rest: string } {
  const normal = text.replace(/\r\n?/g, '\n');
  const blocks = normal.split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: StreamMessage[] = [];
  for (const block of blocks) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) messages.push({ id, data: data.join('\n') });
  }
  return { messages, rest };
}

/**
 * Follows GET api/events/{id}/seat-stream until it ends (the server ends it when the token does) or `signal` aborts;
 * resumes after `since` when given (Last-Event-ID). Throws when the stream cannot be opened or breaks.
 */
export async function followSeatStream(eventId: number, headers: Record<string, string>, since: number | undefined,
  onStates: (states: SeatStates) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(`/api/events/${eventId}/seat-stream`, {
    headers: { ...headers, accept: 'text/event-stream', ...(since === undefined ? {} : { 'last-event-id': String(since) }) },
    cache: 'no-store',
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`The seat stream answered ${res.status}.`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { messages, rest } = parseEventStream(buffer + value);
    buffer = rest;
    for (const m of messages) onStates(JSON.parse(m.data) as SeatStates);
  }
}
