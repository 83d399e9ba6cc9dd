import { Tab, Tabs } from '@blueprintjs/core';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FaqTab } from './FaqTab';
import { FeesTab } from './FeesTab';
import { ForgetUserTab } from './ForgetUserTab';
import { OperationsTab } from './OperationsTab';
import { VatTab } from './VatTab';

const TABS = ['fees', 'vat', 'forget', 'faq', 'operations'] as const;
type SettingsTab = (typeof TABS)[number];

/**
 * /settings/{fees|vat|forget|faq|operations}: Platform Settings, admin only (002 §2, §6). The refund tab is the orders
 * area's page; Operations is ours (docs/operations.md "Operations at a glance").
 */
export function SettingsPage() {
  const tab = useLocation().pathname.split('/')[2];
  const navigate = useNavigate();
  if (!TABS.includes(tab as SettingsTab)) return <Navigate to="/settings/fees" replace />;
  return (
    <div className="page">
      <h1 className="page-title">Platform Settings</h1>
      <Tabs id="platform-settings" selectedTabId={tab} onChange={(id) => navigate(`/settings/${id}`)} renderActiveTabPanelOnly>
        <Tab id="fees" title="Fees" panel={<FeesTab />} />
        <Tab id="vat" title="VAT" panel={<VatTab />} />
        <Tab id="forget" title="Forget user" panel={<ForgetUserTab />} />
        <Tab id="faq" title="FAQ" panel={<FaqTab />} />
        <Tab id="refund" title="Refund" />
        <Tab id="operations" title="Operations" panel={<OperationsTab />} />
      </Tabs>
    </div>
  );
}
