import { Callout, ProgressBar } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { useGetCampaignDeliveryQuery } from '../../api/crmApi';
import { CRM_MESSAGES } from '../../domain/crmFilter';
import { campaignDeliveryLine, campaignFullySent, deliveryMoving } from '../../domain/outboxTruth';

/**
 * How a CRM send is moving, read again every second while messages are waiting: "Queued 1,240 messages: 1,236 sent,
 * 4 failed (see Outbox)". The spec's 'Successfully sent!' only once every message was accepted by a provider.
 */
export function CrmDeliveryProgress({ campaignId }: { campaignId: number }) {
  const role = useGetProfileQuery().data?.type;
  const first = useGetCampaignDeliveryQuery(campaignId);
  const moving = first.data ? deliveryMoving(first.data) : true;
  const d = useGetCampaignDeliveryQuery(campaignId, { pollingInterval: moving ? 1000 : 0 }).data;
  if (!d) return null;
  const done = d.recipients - d.queued - d.sending;
  const intent = d.failed ? 'warning' : campaignFullySent(d) ? 'success' : 'primary';
  return (
    <Callout intent={intent} className="crm-delivery" role="status">
      {campaignFullySent(d) ? <strong>{CRM_MESSAGES.sent} </strong> : null}
      <span className="crm-delivery-line">{campaignDeliveryLine(d, { opensOutbox: role === 'admin' })}</span>
      {role === 'admin' && (d.failed || d.local) ? <> · <Link to="/outbox">Open the Outbox</Link></> : null}
      {deliveryMoving(d) ? <ProgressBar value={d.recipients ? done / d.recipients : 1} intent="primary" /> : null}
    </Callout>
  );
}
