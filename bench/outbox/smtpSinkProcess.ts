import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP sink for the outbox bench: accepts everything, counts mails, says its port and count to its parent. */
let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      done();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.server.address() as AddressInfo).port }));
process.on('message', () => process.send?.({ received }));
