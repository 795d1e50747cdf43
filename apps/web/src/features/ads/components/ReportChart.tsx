/**
 * A line chart of one metric by day. uPlot (decision 037) is downloaded with
 * this component only, when a report first shows; nothing on first paint.
 */
import { useEffect, useRef, useState } from 'react';
import { TEXTS } from '../../../lib/allTexts';
import styles from './Advertiser.module.css';

const T = TEXTS.ads;

interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

export interface ReportChartProps {
  /** Days as YYYY-MM-DD, oldest first. */
  days: string[];
  series: ChartSeries[];
  label: string;
  /** Formats the y axis (spend in currency, counts as numbers). */
  format?: (value: number) => string;
  /** Counts: whole-number ticks only. */
  integer?: boolean;
}

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 1e6, 1e7];

export function ReportChart({ days, series, label, format = (v) => String(Math.round(v)), integer = false }: ReportChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      const el = box.current;
      if (cancelled || !el) return;
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const width = Math.max(280, el.clientWidth);
      chart = new UPlot(
        {
          width,
          height: 260,
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(integer ? 1 : 0.01, max) * 1.1] } },
          axes: [
            { stroke: '#5f5f5f', grid: { stroke: '#efefef' } },
            { stroke: '#5f5f5f', grid: { stroke: '#efefef' }, values: (_u, ticks) => ticks.map(format), size: 72, ...(integer ? { incrs: WHOLE_STEPS } : {}) },
          ],
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}22`, points: { show: days.length < 40 } }))],
          legend: { show: true },
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
      setReady(true);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(280, el.clientWidth), height: 260 }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, format, integer]);

  return (
    <figure className={styles.chart} aria-label={label}>
      <div ref={box} className={styles.chartBox} />
      {!ready && <p className={styles.muted}>{T.loadingChart}</p>}
    </figure>
  );
}
