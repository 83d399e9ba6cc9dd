import { Tab, Tabs } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FaqTab } from './FaqTab';
import { FeesTab } from './FeesTab';
import { ForgetUserTab } from './ForgetUserTab';
import { OperationsTab } from './OperationsTab';
import { VatTab } from './VatTab';

const TABS = ['fees', 'vat', 'forget', 'faq', 'refund', 'operations'] as const;
type SettingsTab = (typeof TABS)[number];

/**
 * /settings/{fees|vat|forget|faq|refund|operations}: Platform Settings, admin only (002 §2, §6). The refund tab's panel
 * is the orders area's page, handed in by the app's route (features never import each other), so the tabs stay above
 * it; Operations is ours (docs/operations.md "Operations at a glance").
 */
export function SettingsPage({ refundPanel }: { refundPanel?: ReactElement }) {
  const tab = useLocation().pathname.split('/')[2];
  const navigate = useNavigate();
  if (!TABS.includes(tab as SettingsTab) || (tab === 'refund' && !refundPanel)) return <Navigate to="/settings/fees" replace />;
  return (
    <div className="page">
      <h1 className="page-title">Platform Settings</h1>
      <Tabs id="platform-settings" selectedTabId={tab} onChange={(id) => navigate(`/settings/${id}`)} renderActiveTabPanelOnly>
        <Tab id="fees" title="Fees" panel={<FeesTab />} />
        <Tab id="vat" title="VAT" panel={<VatTab />} />
        <Tab id="forget" title="Forget user" panel={<ForgetUserTab />} />
        <Tab id="faq" title="FAQ" panel={<FaqTab />} />
        <Tab id="refund" title="Refund" panel={refundPanel} />
        <Tab id="operations" title="Operations" panel={<OperationsTab />} />
      </Tabs>
    </div>
  );
}
