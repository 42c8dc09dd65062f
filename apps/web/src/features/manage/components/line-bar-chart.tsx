import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only what the dashboard draws is registered, so the chunk carries nothing else.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  data: number[];
  color: string;
}

/** One chart.js chart (lines or stacked bars) that follows its data and the theme's text colour. */
export function LineBarChart({
  kind,
  labels,
  series,
  label,
  testId,
}: {
  kind: 'line' | 'bar';
  labels: string[];
  series: Series[];
  label: string;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const text = getComputedStyle(document.documentElement).getPropertyValue('--color-text-muted').trim() || '#666';
    const grid = getComputedStyle(document.documentElement).getPropertyValue('--color-border').trim() || '#ddd';
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.data,
          backgroundColor: s.color,
          borderColor: s.color,
          borderWidth: kind === 'line' ? 2 : 0,
          pointRadius: 0,
          tension: 0.25,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { stacked: kind === 'bar', ticks: { color: text, maxRotation: 0, autoSkipPadding: 12 }, grid: { color: grid } },
          y: { stacked: kind === 'bar', beginAtZero: true, ticks: { color: text }, grid: { color: grid } },
        },
        plugins: { legend: { labels: { color: text, boxWidth: 12 } } },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series]);
  return (
    <div style={{ position: 'relative', height: 260 }} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
