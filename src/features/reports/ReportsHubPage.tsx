import './reports.css';
import { Card, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useReportRole } from './useReportRole';

interface HubLink {
  to: string;
  title: string;
  text: string;
  icon: IconName;
  adminOnly?: boolean;
}

const LINKS: HubLink[] = [
  { to: '/reports/financial', title: 'Financial reports', text: 'Sales, returns, discounts, refund fees and corporate, with VAT.', icon: 'bank-account' },
  { to: '/reports/sales-overview', title: 'Sales overview', text: 'Sales, tickets, merchandise and refunds day by day.', icon: 'timeline-line-chart' },
  { to: '/reports/scanner', title: 'Scanned items', text: 'Tickets and merchandise scanned at the gates, per event.', icon: 'barcode' },
  { to: '/reports/customers', title: 'Customer Reporting', text: 'Customers by age, country and registration type.', icon: 'people' },
  { to: '/reports/accounting', title: 'Accounting reports', text: 'Every sold and refunded item, for the books.', icon: 'th-list', adminOnly: true },
  { to: '/reports/shift-closes', title: 'Shift closes', text: 'Each counter\'s shift closes: sales by tender, cash expected, counted and the difference.', icon: 'dollar', adminOnly: true },
];

/** /reports (002 §2): the way into each report; Accounting and the counters' shift closes are for admins only. */
export function ReportsHubPage() {
  const { isAdmin } = useReportRole();
  return (
    <div className="page">
      <h1 className="page-title">Reporting</h1>
      <nav className="report-hub" aria-label="Reports">
        {LINKS.filter((l) => isAdmin || !l.adminOnly).map((l) => (
          <Link key={l.to} to={l.to} className="report-hub-link">
            <Card interactive className="report-hub-card">
              <Icon icon={l.icon} size={24} />
              <span className="report-hub-title">{l.title}</span>
              <span className="report-hub-text">{l.text}</span>
            </Card>
          </Link>
        ))}
      </nav>
    </div>
  );
}
