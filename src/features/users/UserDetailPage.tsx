import './people.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { countryName } from '../../domain/countries';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useGetUserQuery, useRevokeUserSessionsMutation } from '../../api/peopleApi';
import type { UserDetail } from '../../contracts/people';
import { BackLink } from '../../ui/BackLink';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { StatusTag } from '../../ui/StatusTag';
import { AttendeeEditForm } from './AttendeeEditForm';
import { formatSignIn } from './userText';

function useUser() {
  const id = Number(useParams().id);
  return { id, user: useGetUserQuery(id, { skip: !Number.isInteger(id) || id < 1 }) };
}

function Loading({ user }: { user: ReturnType<typeof useUser>['user'] }) {
  if (user.isLoading) return <LoadingSpinner label="Loading the user" />;
  if (errorStatus(user.error) === 404) return <NotFoundPanel title="User not found" back={{ to: '/users', list: 'users' }} />;
  return <RetryPanel onRetry={user.refetch} />;
}

function Details({ u }: { u: UserDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Name', u.name || '—'], ['First name', u.first_name ?? '—'], ['Last name', u.last_name ?? '—'], ['Type', u.type],
    ['Status', <StatusTag key="s" status={u.status} />], ['Email', u.email ?? '—'], ['Phone', u.phone ?? '—'],
    ['Country', countryName(u.country)], ['Registered by', u.register_type ?? '—'], ['Promoter', u.promoter?.name ?? '—'],
    ['Last sign-in', formatSignIn(u.last_sign_in_at)],
  ];
  return (
    <dl className="people-details">
      {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
    </dl>
  );
}

/** /users/{id} (002 §2): the user's details with Back and Edit; an admin can also end the user's sessions. */
export function UserDetailPage() {
  const navigate = useNavigate();
  const { id, user } = useUser();
  const [revoke, revoking] = useRevokeUserSessionsMutation();
  if (!user.data) return <div className="page page-narrow"><BackLink to="/users" /><Loading user={user} /></div>;
  const u = user.data;
  return (
    <div className="page page-narrow">
      <BackLink to="/users" />
      <h1 className="page-title">{u.name || u.email || `User ${u.id}`}</h1>
      <Card>
        <Details u={u} />
        <div className="people-actions">
          <Button text="Back" onClick={() => navigate('/users')} />
          <Button intent="primary" icon="edit" text="Edit" onClick={() => navigate(`/users/${id}/edit`)} />
          <Button
            icon="log-out" text="Revoke sessions" loading={revoking.isLoading}
            onClick={async () => {
              const res = await revoke(id);
              if ('error' in res) notifyDanger(errorMessage(res.error));
              else notifySuccess('Every session of this user has ended');
            }}
          />
        </div>
      </Card>
    </div>
  );
}

/**
 * /users/{id}/edit (002 §2): promoters, corporates and scanners are edited on their own screens; attendees here
 * (phone only, names disabled, a password for document-registered users); other types are not editable yet.
 */
export function UserEditPage() {
  const { user } = useUser();
  if (!user.data) return <div className="page page-narrow"><BackLink to="/users" /><Loading user={user} /></div>;
  const u = user.data;
  if (u.type === 'promoter' && u.promoter_id) return <Navigate to={`/promoters/${u.promoter_id}/edit`} replace />;
  if (u.type === 'corporate') return <Navigate to={`/corporates/${u.id}/edit`} replace />;
  if (u.type === 'scanner') return <Navigate to={`/scanner-users/${u.id}/edit`} replace />;
  return (
    <div className="page page-narrow">
      <BackLink to={`/users/${u.id}`} />
      <h1 className="page-title">Edit {u.name || u.email || `user ${u.id}`}</h1>
      {u.type === 'attendee' ? <AttendeeEditForm user={u} /> : <Callout intent="warning">Not implemented yet</Callout>}
    </div>
  );
}
