import { describe, expect, it } from 'vitest';
import { parseEventStream } from './seatStateStream';

describe('parseEventStream (the seat stream\'s server-sent events)', () => {
  it('when whole messages arrive, then each gives its id and data, and comments and retry lines are passed over', () => {
    const { messages, rest } = parseEventStream('retry: 1000\n\n: ping\n\nid: 7\ndata: {"version":7}\n\nid: 8\ndata: {"version":8}\n\n');
    expect(messages).toEqual([{ id: '7', data: '{"version":7}' }, { id: '8', data: '{"version":8}' }]);
    expect(rest).toBe('');
  });

  it('when a message is cut in two by the network, then the first part waits as the rest and the message comes whole', () => {
    const first = parseEventStream('id: 9\ndata: {"vers');
    expect(first.messages).toEqual([]);
    const second = parseEventStream(`${first.rest}ion":9}\r\n\r\nid: 10`);
    expect(second.messages).toEqual([{ id: '9', data: '{"version":9}' }]);
    expect(second.rest).toBe('id: 10');
  });

  it('when data spans several lines, then they are joined by newlines, as the standard says', () => {
    expect(parseEventStream('data: a\ndata: b\n\n').messages).toEqual([{ id: undefined, data: 'a\nb' }]);
  });
});
