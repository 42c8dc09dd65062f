import { CHINA_ADDRESS_LINES, fillAddressPlaceholders, type TChinaAddress, type TChinaAddressLine, type TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users-repository';
import { chinaAddressRepository, type WarehouseRow } from './china-address-repository';
import { text } from '../../texts/texts';

/** Fills {client_code} and {phone} in a warehouse line (the contract's one rule, shared with the admin's preview). */
export const fillPlaceholders = fillAddressPlaceholders;

export function buildChinaAddress(
  warehouse: WarehouseRow,
  countryCode: string,
  user: Pick<UserRow, 'clientCode' | 'phoneNumber'>,
  lang: TLang,
): TChinaAddress {
  const values = { clientCode: user.clientCode, phone: user.phoneNumber };
  const lines = Object.fromEntries(CHINA_ADDRESS_LINES.map((line) => [line, fillPlaceholders(warehouse[line], values)])) as Record<
    TChinaAddressLine,
    string
  >;
  const fullText = CHINA_ADDRESS_LINES.map((line) => `${text(`china_address.lines.${line}`, lang)}: ${lines[line]}`).join('\n');
  return { client_code: user.clientCode, country_code: countryCode, ...lines, full_text: fullText };
}

/** The caller's China address: the warehouse of their branch's country (or of their client code's country). */
export async function chinaAddressOf(db: DbOrTx, user: UserRow, lang: TLang): Promise<TChinaAddress> {
  let countryId = user.branchId !== null ? await chinaAddressRepository.countryOfBranch(db, user.branchId) : null;
  if (countryId === null) {
    const prefix = user.clientCode.split('-')[0] ?? '';
    countryId = await chinaAddressRepository.countryByClientCodePrefix(db, prefix);
  }
  const found = await chinaAddressRepository.warehouseFor(db, countryId);
  if (!found) throw new AppError('not_found');
  return buildChinaAddress(found.warehouse, found.countryCode, user, lang);
}
