/**
 * The subject of a CRM mail, in the person's language (the campaign gives only its text, 002 §8). Written on each
 * outbox row when the send is queued, so the Outbox shows the subject the person received; the
 * SMTP transport's subject for a mail that has none.
 */
export const CRM_MAIL_SUBJECT = { en: 'A message from Arena', sv: 'Ett meddelande från Arena' } as const;
