/** Usage per day as grouped bars (SVG, no library). */
export function DailyBars(props: {
  days: { date: string; values: number[] }[];
  /** `name` is the plural ("sessions"), `one` the singular where a bar holds one. */
  series: { name: string; one?: string; class: string }[];
  label: string;
}) {
  const W = 640;
  const H = 200;
  const pad = { l: 32, r: 8, t: 10, b: 24 };
  const max = Math.max(1, ...props.days.flatMap((d) => d.values));
  const n = Math.max(1, props.days.length);
  const slot = (W - pad.l - pad.r) / n;
  const bar = Math.max(2, (slot * 0.8) / props.series.length);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const ticks = [0, Math.ceil(max / 2), max];
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} class="grid" />
            <text x={pad.l - 6} y={y(t) + 4} class="axis" text-anchor="end">
              {t}
            </text>
          </g>
        ))}
        {props.days.map((d, i) =>
          d.values.map((v, s) => (
            <rect
              key={`${d.date}-${props.series[s]?.name}`}
              x={pad.l + i * slot + slot * 0.1 + s * bar}
              y={y(v)}
              width={bar - 1}
              height={Math.max(0, H - pad.b - y(v))}
              class={props.series[s]?.class}
              rx={1.5}
            >
              <title>{`${d.date}: ${v} ${v === 1 ? (props.series[s]?.one ?? props.series[s]?.name) : props.series[s]?.name}`}</title>
            </rect>
          )),
        )}
        {props.days.map((d, i) =>
          i % Math.ceil(n / 8) === 0 ? (
            <text key={d.date} x={pad.l + i * slot + slot / 2} y={H - 6} class="axis" text-anchor="middle">
              {d.date.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption class="legend">
        {props.series.map((s) => (
          <span key={s.name}>
            <i class={`swatch ${s.class}`} /> {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/**
 * The session's coordinates with their accuracy radius (metres), drawn on a
 * local plane around the point: a 4× radius frame with grid lines in degrees.
 */
export function CoordinatePlot(props: { latitude: number; longitude: number; radius: number }) {
  const S = 280;
  const c = S / 2;
  const r = S / 4;
  const metresPerDegLat = 111_320;
  const spanLat = (props.radius * 2) / metresPerDegLat;
  const spanLon = spanLat / Math.max(0.01, Math.cos((props.latitude * Math.PI) / 180));
  const fmt = (v: number) => v.toFixed(Math.max(2, Math.min(6, Math.ceil(-Math.log10(spanLat || 1)) + 1)));
  return (
    <figure class="plot">
      <svg
        viewBox={`0 0 ${S} ${S}`}
        role="img"
        aria-label={`Location ${props.latitude.toFixed(4)}, ${props.longitude.toFixed(4)} within ${Math.round(props.radius)} metres`}
      >
        <rect x={0} y={0} width={S} height={S} class="plot-bg" rx={8} />
        {[0.25, 0.5, 0.75].map((f) => (
          <g key={f}>
            <line x1={S * f} x2={S * f} y1={0} y2={S} class="grid" />
            <line y1={S * f} y2={S * f} x1={0} x2={S} class="grid" />
          </g>
        ))}
        <circle cx={c} cy={c} r={r} class="accuracy" />
        <circle cx={c} cy={c} r={4} class="point" />
        <text x={c} y={S * 0.25 - 4} class="axis" text-anchor="middle">
          {fmt(props.latitude + spanLat / 2)}°
        </text>
        <text x={c} y={S * 0.75 + 12} class="axis" text-anchor="middle">
          {fmt(props.latitude - spanLat / 2)}°
        </text>
        <text x={S * 0.25 - 4} y={c - 6} class="axis" text-anchor="end">
          {fmt(props.longitude - spanLon / 2)}°
        </text>
        <text x={S * 0.75 + 4} y={c - 6} class="axis" text-anchor="start">
          {fmt(props.longitude + spanLon / 2)}°
        </text>
      </svg>
      <figcaption>
        {props.latitude.toFixed(5)}, {props.longitude.toFixed(5)} · accuracy ± {Math.round(props.radius)} m
      </figcaption>
    </figure>
  );
}

/** A confidence score against the session's threshold. */
export function ConfidenceMeter(props: { value: number; threshold: number }) {
  const above = props.value >= props.threshold;
  return (
    <div class="meter" data-testid="confidence">
      <div class="meter-track">
        <div class={`meter-fill ${above ? "ok" : "bad"}`} style={{ width: `${props.value * 100}%` }} />
        <div class="meter-threshold" style={{ left: `${props.threshold * 100}%` }} title="threshold" />
      </div>
      <div class="meter-legend">
        <strong>{Math.round(props.value * 100)}%</strong> confidence · threshold {Math.round(props.threshold * 100)}% ·{" "}
        {above ? "above threshold" : "below threshold"}
      </div>
    </div>
  );
}
