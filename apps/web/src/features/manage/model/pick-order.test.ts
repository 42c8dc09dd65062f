import { describe, expect, it } from 'vitest';
import type { TManageParcel } from '@portal/contract';
import { pickOrder } from './pick-order';

const parcel = (id: number) => ({ id, track_code: `T${id}` }) as TManageParcel;
const shelf = (label: string) => ({ id: label.length, code: 'L0000013', label, zone: label[0]!, rack: 1, shelf: 1 });

describe('pickOrder', () => {
  it("follows the pick list's shelf order, and keeps parcels it does not name at the end, not shelved", () => {
    const found = {
      parcels: [parcel(1), parcel(2), parcel(3), parcel(4)],
      pick_list: [
        { order_id: 3, track_code: 'T3', shelf: shelf('A-01-1') },
        { order_id: 1, track_code: 'T1', shelf: shelf('B-02-1') },
        { order_id: 2, track_code: 'T2', shelf: null },
      ],
    };
    expect(pickOrder(found).map((l) => [l.parcel.id, l.shelf?.label ?? null])).toEqual([
      [3, 'A-01-1'],
      [1, 'B-02-1'],
      [2, null],
      [4, null],
    ]);
  });
});
