import { Button, Callout, Card } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useSendNotificationMutation } from '../../api/crmApi';
import { useGetOutboxSetupQuery } from '../../api/outboxApi';
import { CRM_MESSAGES, type CountedSegment } from '../../domain/crmFilter';
import { formatCount } from '../../domain/money';
import { crmSendWarning } from '../../domain/outboxTruth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { notifyDanger } from '../../ui/notify';
import { CrmDeliveryProgress } from './CrmDeliveryProgress';

interface MessageValues {
  en?: string;
  sv?: string;
}

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'customer' : 'customers'}`;

/**
 * Send Messages (002 §5, §7, §8): English and Swedish text both required; the counted segment receives it, after a
 * confirmation that shows the count and both texts. The send queues one message per person (docs/outbox.md); the
 * panel then follows them: queued, sent, failed, and says 'Successfully sent!' only once all were accepted.
 */
export function CrmSendPanel({ segment }: { segment: CountedSegment }) {
  const [send, sending] = useSendNotificationMutation();
  const setup = useGetOutboxSetupQuery();
  const [confirm, setConfirm] = useState<{ en: string; sv: string; done: () => void } | null>(null);
  const [campaign, setCampaign] = useState<number | null>(null);
  const warning = setup.data ? crmSendWarning(setup.data.email, setup.data.sms) : null;

  const confirmed = async () => {
    if (!confirm) return;
    const res = await send({ content: { en: confirm.en, sv: confirm.sv }, filters: segment.filters });
    // A failure keeps both texts in the form for another try.
    if ('error' in res) {
      setConfirm(null);
      return notifyDanger(CRM_MESSAGES.sendFailed);
    }
    setCampaign(res.data.campaign_id);
    confirm.done();
    setConfirm(null);
  };

  // The transport notice arrives with the outbox setup: until it does, no form, so the notice never pushes the Send
  // button away from under a click (a flow clicked Send as the notice appeared above it, and hit the text area).
  if (setup.isLoading) return <Card><LoadingSpinner label="Loading the message form" /></Card>;

  return (
    <Card>
      <p>The message goes to the {people(segment.count)} of the filter, each in their language: e-mail where they have an address, else SMS.</p>
      {warning ? <Callout intent="warning" className="crm-send-warning">{warning}</Callout> : null}
      {campaign !== null ? <CrmDeliveryProgress campaignId={campaign} /> : null}
      <Form<MessageValues>
        validate={(v) => ({ en: v.en?.trim() ? undefined : CRM_MESSAGES.required, sv: v.sv?.trim() ? undefined : CRM_MESSAGES.required })}
        onSubmit={(v, form) => setConfirm({ en: v.en ?? '', sv: v.sv ?? '', done: () => setTimeout(() => form.restart()) })}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextAreaField name="en" label="Message in English" rows={5} />
            <TextAreaField name="sv" label="Message in Swedish" rows={5} />
            <Button type="submit" intent="primary" icon="send-message" text="Send" />
          </form>
        )}
      </Form>
      <ConfirmDialog
        isOpen={confirm !== null}
        title={`Send to ${people(segment.count)}?`}
        confirmText={`Send to ${people(segment.count)}`}
        loading={sending.isLoading}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirm(null)}
      >
        <p>Each of the {people(segment.count)} of the filter gets one message, in their language. A sent message cannot be taken back.</p>
        {warning ? <Callout intent="warning">{warning}</Callout> : null}
        <h3 className="crm-confirm-lang">English</h3>
        <blockquote className="crm-confirm-text">{confirm?.en}</blockquote>
        <h3 className="crm-confirm-lang">Swedish</h3>
        <blockquote className="crm-confirm-text">{confirm?.sv}</blockquote>
      </ConfirmDialog>
    </Card>
  );
}
