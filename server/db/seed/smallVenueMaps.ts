/**
 * The two small demo maps, in the canonical format of docs/venue-svg.md: a theatre of one seated section (so its
 * events open the section at once, spec 001 §2) and a club that is one standing area.
 */
export function theatreSvg(rows = 18, seatsPerRow = 32): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 260" data-name="Göta Lejon main hall">`,
    `<rect class="stage" x="100" y="10" width="200" height="30"/>`,
    `<g class="section" data-section="Parkett" data-kind="seated">`,
    `<path class="section-outline" d="M20 60 H380 L390 250 H10 Z"/>`,
  ];
  for (let r = 0; r < rows; r++) {
    const label = String.fromCharCode(65 + r);
    const seats = seatsPerRow - (r < 4 ? 4 - r : 0) * 2; // the front rows are shorter
    const y = 70 + r * 10;
    const x0 = 200 - ((seats - 1) * 10.5) / 2;
    out.push(`<g class="row" data-row="${label}">`);
    for (let s = 0; s < seats; s++) {
      out.push(`<circle class="seat" data-seat="${s + 1}"${r === rows - 1 && s < 4 ? ' data-accessible="true"' : ''} cx="${(x0 + s * 10.5).toFixed(1)}" cy="${y}" r="4"/>`);
    }
    out.push('</g>');
  }
  out.push('</g></svg>');
  return out.join('\n');
}

export function clubSvg(capacity = 800): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" data-name="Debaser Strand">`,
    `<rect class="stage" x="90" y="10" width="120" height="25"/>`,
    `<g class="section" data-section="Dance floor" data-kind="ga" data-capacity="${capacity}">`,
    `<path class="section-outline" d="M20 50 H280 V190 H20 Z"/>`,
    `</g></svg>`,
  ].join('\n');
}
