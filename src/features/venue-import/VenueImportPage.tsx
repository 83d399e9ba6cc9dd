import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, ProgressBar } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createVenueMapClient, type LoadedVenueMap } from '../../../workers/venue-map/venueMapClient';
import type { ImportWarning } from '../../../workers/venue-map/venueModel';
import { errorMessage, validationErrors } from '../../api/errorMessage';
import { useImportVenueMapMutation } from '../../api/venueImportApi';
import type { ImportedVenueMap } from '../../contracts/venues';
import { useGetVenueMapsQuery, useGetVenuesQuery } from '../../api/venuesApi';
import { SeatMap } from '../../seatmap/SeatMap';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';
import { marksBounds } from '../../seatmap/venueExtent';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { isUpdating, UpdatingNote } from '../../ui/UpdatingNote';
import { notifySuccess } from '../../ui/notify';
import { changedSections, sectionEditErrors } from '../../domain/venueSectionEdits';
import { standingName } from '../../domain/places';
import { ImportReportPanel, type ShownSection } from './ImportReportPanel';
import { UnreadOverlay } from './UnreadOverlay';
import './VenueImportPage.css';
import { formatCount } from '../../domain/money';

interface Preview {
  file: File;
  map: LoadedVenueMap;
}

/**
 * /venues (admin): the venues and their maps, and the import of a new map. The picked SVG is read in a venue-map
 * worker of its own (the text never enters the page's DOM), drawn by the seat-map engine beside the importer's
 * report; Save sends the file through the server's import (all or nothing), Cancel forgets it: nothing is stored
 * before Save.
 */
export function VenueImportPage() {
  const venues = useGetVenuesQuery();
  const [venueId, setVenueId] = useState<number | null>(null);
  const currentVenue = venueId ?? venues.data?.collection[0]?.id ?? null;
  const maps = useGetVenueMapsQuery(currentVenue ?? 0, { skip: currentVenue === null });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  /** The worker's parse progress (whole percent) of the file being read, or of the one read last. */
  const [progress, setProgress] = useState<{ file: string; percent: number } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  /** Each report section's name and kind as the admin set them (sent as edits with Save). */
  const [shown, setShown] = useState<ShownSection[]>([]);
  const [activeWarning, setActiveWarning] = useState(-1);
  const [highlight, setHighlight] = useState<Uint32Array>(() => new Uint32Array(0));
  const [save, saving] = useImportVenueMapMutation();
  /** The map saved last, as the server stored it (its sections with the names and kinds set before saving). */
  const [saved, setSaved] = useState<ImportedVenueMap | null>(null);
  const engineRef = useRef<SeatMapEngine | null>(null);
  const [engine, setEngine] = useState<SeatMapEngine | null>(null);
  const readSerial = useRef(0);

  useEffect(() => () => { readSerial.current++; }, []);

  const reset = () => {
    readSerial.current++;
    setPreview(null);
    setReading(null);
    setProgress(null);
    setShown([]);
    setReadError(null);
    setActiveWarning(-1);
    setHighlight(new Uint32Array(0));
    engineRef.current = null;
    setEngine(null);
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    reset();
    setSaved(null);
    const serial = readSerial.current;
    setName(file.name.replace(/\.svg$/i, ''));
    const label = `${file.name} (${(file.size / 1_048_576).toFixed(1)} MB)`;
    setReading(label);
    setProgress({ file: label, percent: 0 });
    const client = createVenueMapClient();
    try {
      const map = await client.load(await file.arrayBuffer(), {
        onProgress: (percent) => { if (serial === readSerial.current) setProgress({ file: label, percent }); },
      });
      if (serial === readSerial.current) {
        setPreview({ file, map });
        setShown(map.report.sections.map((sec) => ({ name: sec.name, kind: sec.kind })));
      }
    } catch (err) {
      if (serial === readSerial.current) setReadError((err as Error).message);
    } finally {
      client.dispose();
      if (serial === readSerial.current) setReading(null);
    }
  };

  const showWarning = (warning: ImportWarning, index: number) => {
    setActiveWarning(index);
    const engine = engineRef.current;
    if (!preview || !engine) return;
    const { model, index: seatIndex } = preview.map;
    const at = warning.at;
    // The seats a warning names are marked, not every seat of its box (a bent gallery's box holds the stalls beside it).
    const seats = warning.seats ? Uint32Array.from(warning.seats)
      : at ? seatIndex.seatsInRect(at.minX, at.minY, at.maxX, at.maxY) : new Uint32Array(0);
    setHighlight(seats);
    const section = warning.section
      ? model.strings.findIndex((s, k) => s === warning.section && Array.prototype.includes.call(model.sectionName, k))
      : -1;
    const sectionIndex = section >= 0 ? Array.prototype.indexOf.call(model.sectionName, section) : seats.length
      ? model.rowSection[model.seatRow[seats[0]!]!]! : at ? seatIndex.sectionAt((at.minX + at.maxX) / 2, (at.minY + at.maxY) / 2) : -1;
    // A warning naming seats zooms to the box of those it names (its `at` may bound more: the names are capped, and
    // a section made standing since takes its seats out), any other to its section.
    const box = warning.seats?.length ? boxOf(model, seats) : at;
    if (sectionIndex >= 0) {
      engine.setSelectedSection(sectionIndex);
      if (warning.seats?.length) engine.zoomToSeats(box!);
      else engine.zoomToSection(sectionIndex);
    }
    // The focus seat is brought into view: the one nearest the box's middle leaves the seats fitted as they are.
    if (seats.length) {
      engine.setFocusSeat(box ? nearestTo(model, seats, (box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2) : seats[0]!);
    }
  };

  const onSave = async () => {
    if (!preview || currentVenue === null) return;
    try {
      const saved = await save({ venueId: currentVenue, name: name.trim(), file: preview.file,
        acceptWarnings: preview.map.report.warnings.length > 0, sections: edits }).unwrap();
      notifySuccess(`Map "${saved.name}" saved: ${formatCount(saved.report.seats)} seats.`);
      setSaved(saved);
      reset();
    } catch {
      // The error is shown under the buttons; the preview and the name stay.
    }
  };

  // The whole-map fit includes the rings round elements not read, even where they lie outside every section.
  const unreadMarks = preview?.map.report.unreadMarks;
  const previewFit = useMemo(() => ({ fitAlso: unreadMarks ? marksBounds(unreadMarks) : null }), [unreadMarks]);
  const reportSections = preview?.map.report.sections;
  const edits = useMemo(() => (reportSections ? changedSections(reportSections, shown) : []), [reportSections, shown]);
  const editErrors = useMemo(() => (reportSections ? sectionEditErrors(reportSections, edits) : {}), [reportSections, edits]);
  const invalid = saving.error ? validationErrors(saving.error) : null;
  // The server's section errors show beside their sections, any other first message under the buttons.
  const serverSectionErrors = Object.fromEntries(Object.entries(invalid ?? {})
    .filter(([field]) => /^sections\.\d+\.name$/.test(field)).map(([field, messages]) => [field, messages[0] ?? '']));
  const otherInvalid = Object.entries(invalid ?? {}).find(([field]) => !/^sections\.\d+\.name$/.test(field))?.[1]?.[0];
  const saveError = saving.error ? otherInvalid ?? (Object.keys(serverSectionErrors).length ? null : errorMessage(saving.error)) : null;
  const sectionErrors = { ...serverSectionErrors, ...editErrors };
  const editSection = (index: number, change: Partial<ShownSection>) => {
    if (saving.error) saving.reset(); // an answer about the names before this change is stale now
    setShown((list) => list.map((sec, i) => (i === index ? { ...sec, ...change } : sec)));
  };
  const venueName = useMemo(() => venues.data?.collection.find((v) => v.id === currentVenue)?.name ?? '',
    [venues.data, currentVenue]);

  if (venues.isLoading) return <LoadingSpinner label="Loading venues" />;
  if (!venues.data) return <RetryPanel onRetry={venues.refetch} />;

  return (
    <div className="page venue-import-page">
      <div className="page-head">
        <h1 className="page-title">Venues</h1>
      </div>
      <div className="venue-import-top">
        <FormGroup label="Venue" labelFor="venue-import-venue">
          <HTMLSelect id="venue-import-venue" value={currentVenue ?? ''} disabled={!!preview}
            onChange={(e) => setVenueId(Number(e.currentTarget.value))}
            options={venues.data.collection.map((v) => ({ value: v.id, label: `${v.name}${v.city ? `, ${v.city}` : ''}` }))} />
        </FormGroup>
        {/* Busy while the maps are asked for: at first, and after a save, when the list from before is still shown. */}
        <section aria-label={`Maps of ${venueName}`} className="venue-import-maps" aria-busy={maps.isFetching || undefined}>
          {isUpdating(maps) ? <UpdatingNote /> : null}
          {maps.data && maps.data.collection.length > 0 ? (
            <HTMLTable compact aria-label={`Maps of ${venueName}`}>
              <thead><tr><th>Map</th><th>Sections</th><th>Seats</th></tr></thead>
              <tbody>
                {maps.data.collection.map((m) => (
                  <tr key={m.id}><td>{m.name}</td><td>{formatCount(m.sections_count)}</td>
                    <td>{formatCount(m.seats_count)}</td></tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : maps.isFetching ? <LoadingSpinner label="Loading maps" /> : <p>This venue has no maps yet.</p>}
        </section>
        {!preview ? (
          <FormGroup label="Import a map (SVG)" labelFor="venue-import-file">
            {/* A plain file input: Blueprint's FileInput placeholder fails the contrast check. */}
            <input type="file" id="venue-import-file" accept=".svg,image/svg+xml" aria-label="SVG file"
              disabled={reading !== null}
              onChange={(e) => { void pick(e.currentTarget.files?.[0]); e.currentTarget.value = ''; }} />
          </FormGroup>
        ) : null}
      </div>
      {progress && (reading || preview) ? <ReadProgress {...progress} done={!reading} /> : null}
      {saved && !preview ? <SavedMap map={saved} /> : null}
      {readError ? <Callout intent="danger" title="The file cannot be imported">{readError}</Callout> : null}
      {preview ? (
        <div className="venue-import-preview">
          <div className="venue-import-map">
            <SeatMap model={preview.map.model} index={preview.map.index} selected={highlight}
              ariaLabel={`Preview of ${preview.file.name}`} legend={false} engineOptions={previewFit}
              onReady={(ready) => { engineRef.current = ready; setEngine(ready); }} />
            <UnreadOverlay engine={engine} marks={preview.map.report.unreadMarks} />
          </div>
          <aside className="venue-import-side" aria-label="Import report">
            {preview.map.report.unreadMarks.length > 0 ? (
              <p className="venue-import-unread-key">Dashed red rings on the map: seat-like elements that were not read.</p>
            ) : null}
            <ImportReportPanel report={preview.map.report} onWarning={showWarning} active={activeWarning}
              sections={shown} onSection={editSection} errors={sectionErrors} />
            <FormGroup label="Map name" labelFor="venue-import-name">
              <InputGroup id="venue-import-name" value={name} onValueChange={setName} />
            </FormGroup>
            {saveError ? <Callout intent="danger">{saveError}</Callout> : null}
            <div className="venue-import-actions">
              <Button text="Cancel" onClick={() => { saving.reset(); reset(); }} />
              <Button intent="primary" text={preview.map.report.warnings.length ? 'Accept warnings and save' : 'Save'}
                loading={saving.isLoading}
                disabled={!name.trim() || Object.keys(editErrors).length > 0} onClick={() => void onSave()} />
            </div>
          </aside>
        </div>
      ) : null}
    </div>
  );
}

/** The box (map units) of `seats` with their radii. */
function boxOf(model: LoadedVenueMap['model'], seats: Uint32Array): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const i of seats) {
    const r = model.seatRadius[i]!;
    minX = Math.min(minX, model.seatX[i]! - r);
    minY = Math.min(minY, model.seatY[i]! - r);
    maxX = Math.max(maxX, model.seatX[i]! + r);
    maxY = Math.max(maxY, model.seatY[i]! + r);
  }
  return { minX, minY, maxX, maxY };
}

/** The seat of `seats` nearest to (x, y). */
function nearestTo(model: LoadedVenueMap['model'], seats: Uint32Array, x: number, y: number): number {
  let best = seats[0]!, bestDistance = Infinity;
  for (const i of seats) {
    const d = Math.hypot(model.seatX[i]! - x, model.seatY[i]! - y);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

/** The worker's parse of the picked file, in percent; it stays at 100 % above the preview once read. */
function ReadProgress({ file, percent, done }: { file: string; percent: number; done: boolean }) {
  return (
    <div className="venue-import-progress" role="status">
      <span>{done ? `Read ${file}: ${percent} %` : `Reading ${file}: ${percent} %`}</span>
      <ProgressBar value={percent / 100} intent={done ? 'success' : 'primary'} animate={!done} stripes={!done}
        aria-label={`Reading ${file}`} />
    </div>
  );
}

const LISTED_SECTIONS = 12;

/** What the server stored for the map saved last: its sections as named and kinded before saving. */
function SavedMap({ map }: { map: ImportedVenueMap }) {
  const sections = map.report.sections;
  const listed = sections.slice(0, LISTED_SECTIONS)
    .map((s) => (s.kind === 'general_admission' ? standingName(s.name) : s.name)).join(', ');
  const more = sections.length > LISTED_SECTIONS ? ` and ${sections.length - LISTED_SECTIONS} more` : '';
  return (
    <Callout intent="success" className="venue-import-saved" title={`Map "${map.name}" saved`}>
      {`${formatCount(map.report.seats)} seats in ${formatCount(sections.length)} sections: ${listed}${more}.`}
    </Callout>
  );
}
