import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { NumberInput } from '../../ui/NumberInput';
import { useState } from 'react';
import type { SeatLease } from '../../contracts/seatLeases';
import { FORM_TIME_INVALID_MESSAGE } from '../../domain/dates';
import { standingName } from '../../domain/places';
import { venueDateTime } from '../../domain/venueClock';
import { leaseEndTime } from '../../seatmap/leaseOverlay';
import { defaultLeaseUntil, leaseEndsAt } from './leaseTime';
import { leaseContent } from './useCounterLease';

/**
 * The counter's seat lease (issue 35; docs/boxoffice.md "Seat leases"): take one from the map's selection or the N best
 * seats of the section in view, or N places of the standing area in view, until a time on the venue's clock today (or
 * tomorrow, when that time has passed); see what is left and until when; widen, shrink or hand it back.
 */
export function LeasePanel({ lease, selected, section, area, areaFree = 0, busy, onTake, onWiden, onShrink, onHandBack, onStanding }: {
  lease: SeatLease | undefined;
  /** Seats selected on the map now. */
  selected: number;
  /** The seated section in view (for N best), or null. */
  section: string | null;
  /** The standing area in view (for N places), or null. */
  area: string | null;
  /** Places of that area no one else has taken or leased: the most this counter can lease or hand back there. */
  areaFree?: number;
  busy: boolean;
  onTake: (what: 'selection' | { best: number } | { places: number }, endsAt: string) => void;
  /** With a lease: adds (or hands back) places of the standing area in view. */
  onStanding: (change: 'add' | 'remove', places: number) => void;
  onWiden: () => void;
  onShrink: () => void;
  onHandBack: () => void;
}) {
  const [until, setUntil] = useState(() => defaultLeaseUntil(new Date()));
  const [best, setBest] = useState(10);
  const [places, setPlaces] = useState(2);
  const endsAt = leaseEndsAt(until, new Date());
  const placesField = area ? (
    <NumberInput aria-label={`Standing places in ${area}`} fill min={1} max={Math.max(1, areaFree)} decimals={0} value={places} onValueChange={setPlaces} />
  ) : null;
  if (lease) {
    const standing = lease.standing.filter((a) => a.places > 0);
    return (
      <Card aria-label="Seat lease" className="lease-panel">
        <h3>Seat lease</h3>
        <Callout intent="success" icon="lock" title={`${leaseContent(lease)} left, until ${leaseEndTime(lease.ends_at)}`}>
          Leased to {lease.counter}: no other channel can sell these seats until then. At {leaseEndTime(lease.ends_at)} the unsold ones return to sale by themselves.
        </Callout>
        {standing.length ? (
          <ul className="lease-standing" aria-label="Leased standing places">
            {standing.map((a) => <li key={a.section_id}>{standingName(a.section)}: {a.left} of {a.places} place(s) left</li>)}
          </ul>
        ) : null}
        <div className="lease-actions">
          <Button icon="add" text={`Add ${selected} selected`} disabled={selected === 0} loading={busy} onClick={onWiden} />
          <Button icon="remove" text={`Remove ${selected} selected`} disabled={selected === 0} loading={busy} onClick={onShrink} />
          <Button intent="warning" icon="undo" text="Hand back" loading={busy} onClick={onHandBack} />
        </div>
        {area ? (
          <FormGroup label={`Standing places in ${standingName(area)}`} className="lease-best">
            <div className="lease-best-row">
              <div className="lease-best-count">{placesField}</div>
              <Button icon="add" text={`Add ${places} places`} disabled={places < 1} loading={busy} onClick={() => onStanding('add', places)} />
              <Button icon="remove" text={`Remove ${places} places`} disabled={places < 1} loading={busy} onClick={() => onStanding('remove', places)} />
            </div>
          </FormGroup>
        ) : null}
      </Card>
    );
  }
  return (
    <Card aria-label="Seat lease" className="lease-panel">
      <h3>Seat lease</h3>
      <p>Lease seats to this counter so that no other channel can sell them until the time you set.</p>
      <FormGroup label="Until" labelFor="lease-until" helperText={endsAt ? `Ends ${venueDateTime(endsAt)}, venue time` : FORM_TIME_INVALID_MESSAGE} intent={endsAt ? 'none' : 'danger'}>
        {/* Typed as HH:mm (000 §5), not a native time box: that one shows and takes the browser locale's "6:30 PM". */}
        <InputGroup
          id="lease-until" value={until} placeholder="HH:mm" inputMode="numeric" leftIcon="time"
          intent={endsAt ? 'none' : 'danger'} aria-invalid={endsAt ? undefined : true} onChange={(e) => setUntil(e.currentTarget.value)}
        />
      </FormGroup>
      <div className="lease-actions">
        <Button intent="primary" icon="lock" text={`Lease ${selected} selected`} disabled={selected === 0 || !endsAt} loading={busy} onClick={() => endsAt && onTake('selection', endsAt)} />
      </div>
      {section ? (
        <FormGroup label={`Best seats in ${section}`} className="lease-best">
          <div className="lease-best-row">
            <div className="lease-best-count">
              <NumberInput aria-label={`Best seats in ${section}`} fill min={1} max={500} decimals={0} value={best} onValueChange={setBest} />
            </div>
            <Button icon="lock" text={`Lease ${best} best`} disabled={!endsAt || best < 1} loading={busy} onClick={() => endsAt && onTake({ best }, endsAt)} />
          </div>
        </FormGroup>
      ) : null}
      {area ? (
        <FormGroup label={`Standing places in ${standingName(area)}`} className="lease-best">
          <div className="lease-best-row">
            <div className="lease-best-count">{placesField}</div>
            <Button icon="lock" text={`Lease ${places} places`} disabled={!endsAt || places < 1} loading={busy} onClick={() => endsAt && onTake({ places }, endsAt)} />
          </div>
        </FormGroup>
      ) : null}
    </Card>
  );
}
