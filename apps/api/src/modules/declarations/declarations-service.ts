import {
  type DECLARATION_LOCKS,
  formatMoney,
  insurancePremiumMinor,
  itemTotals,
  suggestedDeclaredValue,
  toMajor,
  uninsuredLimitMinor,
  type TDeclarationItem,
  type TDeclarationView,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { statusIds } from '../parcels/parcel-statuses';
import type { UserRow } from '../users/users-repository';
import { declarationsRepository, type DeclarationParcel, type DeclarationWithItems } from './declarations-repository';

type LockReason = (typeof DECLARATION_LOCKS)[number];

/** A save as the contract parsed it. */
export interface DeclarationInput {
  items: TDeclarationItem[];
  declared_value: number | null;
  insured: boolean;
  updated_at: string | null;
}

/** Dispatched (or further on): the declaration is what went to customs and is no longer anyone's to change. */
async function dispatched(db: DbOrTx, parcel: DeclarationParcel | null): Promise<boolean> {
  return parcel !== null && parcel.statusId !== (await statusIds(db)).china_warehouse;
}

/** The warehouse (and admins) edit at receipt; a branch's staff read only the parcels addressed to their branch. */
function staffMay(user: UserRow, parcel: DeclarationParcel): 'edit' | 'read' | null {
  if (user.role === 'admin' || (user.role === 'staff' && user.placeKind === 'china_warehouse')) return 'edit';
  if (user.role === 'staff' && user.placeKind === 'branch' && user.placeBranchId !== null && user.placeBranchId === parcel.branchId)
    return 'read';
  return null;
}

/** The view of the owner's declaration of a code: lines, totals, value, insurance and the owner's branch terms. */
async function view(
  db: DbOrTx,
  ownerId: number | null,
  trackCode: string,
  weightKg: number | null,
  lock: LockReason | null,
): Promise<TDeclarationView> {
  const decl: DeclarationWithItems | null = ownerId === null ? null : await declarationsRepository.find(db, ownerId, trackCode);
  const terms = ownerId === null ? null : await declarationsRepository.termsOf(db, ownerId);
  const items = (decl?.items ?? []).map((i) => ({
    description: i.description,
    quantity: i.quantity,
    unit_price: i.unitPrice,
    currency: i.currency,
    url: i.url,
    marketplace_order: i.marketplaceOrder,
  }));
  return {
    track_code: trackCode,
    items,
    totals: itemTotals(items),
    declared_value: decl?.declaredValue ?? null,
    declared_currency: decl?.declaredCurrency ?? null,
    suggested_value: suggestedDeclaredValue(items, terms?.currency ?? null),
    insured: decl?.insured ?? false,
    premium: decl?.insured ? decl.insurancePremium : null,
    premium_currency: decl?.insured ? decl.insuranceCurrency : null,
    terms: terms && {
      currency: terms.currency,
      rate_bp: terms.rateBp,
      min_premium: terms.minPremium,
      max_value: terms.maxValue,
      uninsured_per_kg: terms.uninsuredPerKg,
      uninsured_limit: weightKg === null ? null : uninsuredLimitMinor(weightKg, terms, terms.currency),
      weight_kg: weightKg,
    },
    editable: lock === null,
    locked_reason: lock,
    corrected_by_warehouse: decl !== null && decl.updatedBy !== null && decl.updatedBy !== decl.userId,
    updated_at: decl ? decl.updatedAt.toISOString() : null,
  };
}

/**
 * Writes the owner's declaration of a code, inside the caller's transaction (which holds the parcel's row FOR SHARE):
 * insurance checked and quoted with THE rule on the owner's branch terms, the declaration's row locked (or created)
 * and its version compared with the one edited (stale → 409), then its lines replaced. Returns the row before.
 */
async function write(
  tx: DbOrTx,
  ownerId: number,
  trackCode: string,
  input: DeclarationInput,
  editorId: number,
  lang: TLang,
): Promise<DeclarationWithItems | null> {
  const terms = await declarationsRepository.termsOf(tx, ownerId);
  const value = input.declared_value;
  let premium: number | null = null;
  if (input.insured) {
    if (!terms) throw new AppError('insurance_unavailable');
    if (value === null || value <= 0) throw new AppError('insurance_needs_value', { fields: { declared_value: ['validation.required'] } });
    if (terms.maxValue > 0 && value > terms.maxValue)
      throw new AppError('insurance_above_cap', { params: { max: formatMoney(toMajor(terms.maxValue), terms.currency, lang) } });
    premium = insurancePremiumMinor(value, terms, terms.currency);
  }
  const fields = {
    declaredValue: value,
    declaredCurrency: value === null ? null : (terms?.currency ?? null),
    insured: input.insured,
    insurancePremium: premium,
    insuranceCurrency: premium === null ? null : (terms?.currency ?? null),
    updatedBy: editorId,
    // Milliseconds, as the version travels in JSON: the stale check compares exactly what the editor was given.
    updatedAt: new Date(),
  };
  const before = await declarationsRepository.lockRow(tx, ownerId, trackCode);
  let id: number;
  let beforeView: DeclarationWithItems | null = null;
  if (before) {
    if (input.updated_at === null || before.updatedAt.getTime() !== Date.parse(input.updated_at)) throw new AppError('stale_write');
    beforeView = await declarationsRepository.find(tx, ownerId, trackCode);
    await declarationsRepository.update(tx, before.id, fields);
    id = before.id;
  } else {
    if (input.updated_at !== null) throw new AppError('stale_write');
    const created = await declarationsRepository.insert(tx, ownerId, trackCode, fields);
    // Another save created it meanwhile (it waited on the unique index): this one edited an older state.
    if (created === null) throw new AppError('stale_write');
    id = created;
  }
  await declarationsRepository.replaceItems(tx, id, input.items);
  return beforeView;
}

/** What the audit keeps of a declaration: counts and sums, not the lines themselves. */
function summary(d: { items: { quantity: number; unit_price: number; currency: string }[]; value: number | null; insured: boolean }) {
  return { lines: d.items.length, totals: itemTotals(d.items), declared_value: d.value, insured: d.insured };
}

export const declarationsService = {
  /** The caller's declaration of one of their saved codes or owned parcels (404 otherwise). */
  async getForCustomer(db: Db, userId: number, trackCode: string): Promise<TDeclarationView> {
    const parcel = await declarationsRepository.parcelByCode(db, trackCode);
    const owns = parcel !== null && parcel.userId === userId;
    if (!owns && !(await declarationsRepository.hasSavedTrack(db, userId, trackCode))) throw notFound();
    return view(db, userId, trackCode, owns ? parcel.weight : null, (await dispatched(db, parcel)) ? 'dispatched' : null);
  },

  /**
   * Replaces the caller's declaration (lines, value, insurance) until the parcel is dispatched: the parcel's row is
   * held FOR SHARE in the same transaction, so a save racing the dispatch either lands before it or sees it (409).
   */
  async saveForCustomer(db: Db, userId: number, trackCode: string, input: DeclarationInput, lang: TLang): Promise<TDeclarationView> {
    return db.transaction(async (tx) => {
      const parcel = await declarationsRepository.parcelByCodeForShare(tx, trackCode);
      const owns = parcel !== null && parcel.userId === userId;
      if (!owns && !(await declarationsRepository.hasSavedTrack(tx, userId, trackCode))) throw notFound();
      if (await dispatched(tx, parcel)) throw new AppError('declaration_locked');
      await write(tx, userId, trackCode, input, userId, lang);
      return view(tx, userId, trackCode, owns ? parcel.weight : null, null);
    });
  },

  /** A parcel's declaration (its owner's) for staff: the warehouse may edit it before dispatch, a branch reads it. */
  async getForStaff(db: Db, user: UserRow, orderId: number): Promise<TDeclarationView> {
    const parcel = await declarationsRepository.parcelById(db, orderId);
    const may = parcel && staffMay(user, parcel);
    if (!parcel || !may) throw notFound();
    const lock: LockReason | null =
      parcel.userId === null ? 'no_owner' : (await dispatched(db, parcel)) ? 'dispatched' : may === 'read' ? 'read_only' : null;
    return view(db, parcel.userId, parcel.trackCode, parcel.weight, lock);
  },

  /** The warehouse completes or corrects the owner's declaration at receipt; audited with a summary. */
  async saveForStaff(
    db: Db,
    user: UserRow,
    audit: AuditActor,
    orderId: number,
    input: DeclarationInput,
    lang: TLang,
  ): Promise<TDeclarationView> {
    return db.transaction(async (tx) => {
      const parcel = await declarationsRepository.parcelById(tx, orderId, true);
      const may = parcel && staffMay(user, parcel);
      if (!parcel || !may) throw notFound();
      if (may !== 'edit') throw forbidden();
      if (parcel.userId === null) throw new AppError('declaration_no_owner');
      if (await dispatched(tx, parcel)) throw new AppError('declaration_locked');
      const before = await write(tx, parcel.userId, parcel.trackCode, input, user.id, lang);
      await recordAudit(tx, {
        actor: audit,
        action: 'declaration.corrected',
        targetType: 'order',
        targetId: orderId,
        before: before
          ? summary({
              items: before.items.map((i) => ({ quantity: i.quantity, unit_price: i.unitPrice, currency: i.currency })),
              value: before.declaredValue,
              insured: before.insured,
            })
          : null,
        after: summary({ items: input.items, value: input.declared_value, insured: input.insured }),
      });
      return view(tx, parcel.userId, parcel.trackCode, parcel.weight, null);
    });
  },
};
