import { Button, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useSendNotificationMutation } from '../../api/crmApi';
import { CRM_MESSAGES } from '../../domain/crmFilter';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import type { CountedSegment } from './CrmPage';

interface MessageValues {
  en?: string;
  sv?: string;
}

/** Send Messages (002 §5, §7, §8): English and Swedish text both required; the counted segment receives it. */
export function CrmSendPanel({ segment }: { segment: CountedSegment }) {
  const [send] = useSendNotificationMutation();
  return (
    <Card>
      <p>
        The message goes to the {segment.count.toLocaleString('sv-SE')} {segment.count === 1 ? 'customer' : 'customers'} of the filter, each in
        their language.
      </p>
      <Form<MessageValues>
        validate={(v) => ({ en: v.en?.trim() ? undefined : CRM_MESSAGES.required, sv: v.sv?.trim() ? undefined : CRM_MESSAGES.required })}
        onSubmit={async (v, form) => {
          const res = await send({ content: { en: v.en ?? '', sv: v.sv ?? '' }, filters: segment.filters });
          // A failure keeps both texts in the form for another try.
          if ('error' in res) return notifyDanger(CRM_MESSAGES.sendFailed);
          notifySuccess(CRM_MESSAGES.sent);
          setTimeout(() => form.restart());
        }}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextAreaField name="en" label="Message in English" rows={5} />
            <TextAreaField name="sv" label="Message in Swedish" rows={5} />
            <Button type="submit" intent="primary" icon="send-message" loading={submitting} text="Send" />
          </form>
        )}
      </Form>
    </Card>
  );
}
