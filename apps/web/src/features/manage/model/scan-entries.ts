import type { TFunction } from 'i18next';
import type { TScanResult } from '@portal/contract';
import type { ScanEntry } from '../components/scan-log';

let seq = 0;

/** How an outcome sounds and looks: moved is good, already done is a note, the rest need a look. */
export function kindOf(outcome: TScanResult['outcome']): ScanEntry['kind'] {
  if (outcome === 'moved') return 'ok';
  if (outcome === 'already_done' || outcome === 'other_branch') return 'warn';
  return 'error';
}

export function entryOf(r: TScanResult, t: TFunction): ScanEntry {
  seq += 1;
  return {
    key: `${seq}`,
    code: r.track_code,
    kind: kindOf(r.outcome),
    title: t(`manage:outcome.${r.outcome}`),
    text: r.message,
    outcome: r.outcome,
  };
}

export function errorEntry(code: string, message: string, t: TFunction): ScanEntry {
  seq += 1;
  return { key: `${seq}`, code, kind: 'error', title: t('manage:outcome.error'), text: message, outcome: 'error' };
}
