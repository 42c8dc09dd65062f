import { DEFAULT_VOLUMETRIC_DIVISOR, defaultPaymentMethods, type TWorkingDay } from '@portal/contract';
import type { DbOrTx } from '../db/client';
import { branches, countries, settings, warehouses } from '../db/schema';
import { SEED_PRIVACY_TEXT, SEED_TERMS_TEXT } from './legal-texts';

const t = (ru: string, kk: string, en: string) => ({ ru, kk, en });

const WEEKDAYS_9_19_SAT_10_17: TWorkingDay[] = [
  { day: 'mon', open: '09:00', close: '19:00' },
  { day: 'tue', open: '09:00', close: '19:00' },
  { day: 'wed', open: '09:00', close: '19:00' },
  { day: 'thu', open: '09:00', close: '19:00' },
  { day: 'fri', open: '09:00', close: '19:00' },
  { day: 'sat', open: '10:00', close: '17:00' },
  { day: 'sun', open: null, close: null },
];
const DAILY_10_20: TWorkingDay[] = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
  day,
  open: '10:00',
  close: '20:00',
}));
const WEEKDAYS_9_18_SAT_10_15: TWorkingDay[] = WEEKDAYS_9_19_SAT_10_17.map((d) =>
  d.day === 'sat' ? { ...d, open: '10:00', close: '15:00' } : d.day === 'sun' ? d : { ...d, close: '18:00' },
);

export const DEMO_COUNTRIES = [
  {
    code: 'KZ',
    name: t('Казахстан', 'Қазақстан', 'Kazakhstan'),
    flag: '🇰🇿',
    phonePrefix: '+7',
    currency: 'KZT',
    clientCodePrefix: 'KZ',
    position: 1,
  },
  {
    code: 'KG',
    name: t('Кыргызстан', 'Қырғызстан', 'Kyrgyzstan'),
    flag: '🇰🇬',
    phonePrefix: '+996',
    currency: 'KGS',
    clientCodePrefix: 'KG',
    position: 2,
  },
];

/** A demo branch; its tariff per kg in minor units (189_000 = 1,890.00 ₸), like every amount kept. */
type BranchSeed = Omit<typeof branches.$inferInsert, 'countryId'> & { country: string };

export const DEMO_BRANCHES: BranchSeed[] = [
  {
    country: 'KZ',
    position: 1,
    name: t('Алматы — Толе би', 'Алматы — Төле би', 'Almaty — Tole Bi'),
    city: t('Алматы', 'Алматы', 'Almaty'),
    address: t('ул. Толе би, 101, 1 этаж', 'Төле би к-сі, 101, 1-қабат', '101 Tole Bi St, ground floor'),
    latitude: 43.25339,
    longitude: 76.91958,
    tariff: 189_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS_9_19_SAT_10_17,
    mapLink: 'https://2gis.kz/almaty/search/%D0%A2%D0%BE%D0%BB%D0%B5%20%D0%B1%D0%B8%20101',
    phones: ['+77273501010', '+77015501010'],
    instagram: 'https://instagram.com/orda.cargo.almaty',
    whatsapp: 'https://wa.me/77015501010',
    telegram: 'https://t.me/orda_cargo_almaty',
    storageDays: 14,
  },
  {
    country: 'KZ',
    position: 2,
    name: t('Алматы — Аксай', 'Алматы — Ақсай', 'Almaty — Aksai'),
    city: t('Алматы', 'Алматы', 'Almaty'),
    address: t('мкр. Аксай-4, 68А', 'Ақсай-4 ш/а, 68А', '68A Aksai-4 microdistrict'),
    latitude: 43.22967,
    longitude: 76.84511,
    tariff: 189_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: DAILY_10_20,
    mapLink: 'https://2gis.kz/almaty/search/%D0%90%D0%BA%D1%81%D0%B0%D0%B9-4%2068%D0%90',
    phones: ['+77015502020'],
    instagram: 'https://instagram.com/orda.cargo.almaty',
    whatsapp: 'https://wa.me/77015502020',
    telegram: 'https://t.me/orda_cargo_almaty',
    storageDays: 14,
  },
  {
    country: 'KZ',
    position: 3,
    name: t('Астана — Сарыарка', 'Астана — Сарыарқа', 'Astana — Saryarka'),
    city: t('Астана', 'Астана', 'Astana'),
    address: t('пр. Сарыарка, 31/2, офис 4', 'Сарыарқа даңғ., 31/2, 4-кеңсе', '31/2 Saryarka Ave, office 4'),
    latitude: 51.17998,
    longitude: 71.41217,
    tariff: 199_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS_9_19_SAT_10_17,
    mapLink: 'https://2gis.kz/astana/search/%D0%A1%D0%B0%D1%80%D1%8B%D0%B0%D1%80%D0%BA%D0%B0%2031%2F2',
    phones: ['+77172603030', '+77015503030'],
    instagram: 'https://instagram.com/orda.cargo.astana',
    whatsapp: 'https://wa.me/77015503030',
    telegram: 'https://t.me/orda_cargo_astana',
    storageDays: 14,
  },
  {
    country: 'KZ',
    position: 4,
    name: t('Шымкент — Тауке хана', 'Шымкент — Тәуке хан', 'Shymkent — Tauke Khan'),
    city: t('Шымкент', 'Шымкент', 'Shymkent'),
    address: t('пр. Тауке хана, 45', 'Тәуке хан даңғ., 45', '45 Tauke Khan Ave'),
    latitude: 42.31733,
    longitude: 69.59583,
    tariff: 185_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS_9_18_SAT_10_15,
    mapLink: 'https://2gis.kz/shymkent/search/%D0%A2%D0%B0%D1%83%D0%BA%D0%B5%20%D1%85%D0%B0%D0%BD%D0%B0%2045',
    phones: ['+77252404040'],
    instagram: 'https://instagram.com/orda.cargo.shymkent',
    whatsapp: 'https://wa.me/77015504040',
    telegram: null,
    storageDays: 10,
  },
  {
    country: 'KZ',
    position: 5,
    name: t('Караганда — Бухар-Жырау', 'Қарағанды — Бұқар жырау', 'Karaganda — Bukhar Zhyrau'),
    city: t('Караганда', 'Қарағанды', 'Karaganda'),
    address: t('пр. Бухар-Жырау, 59', 'Бұқар жырау даңғ., 59', '59 Bukhar Zhyrau Ave'),
    latitude: 49.80183,
    longitude: 73.10485,
    tariff: 205_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS_9_18_SAT_10_15,
    mapLink: 'https://2gis.kz/karaganda/search/%D0%91%D1%83%D1%85%D0%B0%D1%80-%D0%96%D1%8B%D1%80%D0%B0%D1%83%2059',
    phones: ['+77212505050'],
    instagram: 'https://instagram.com/orda.cargo.krg',
    whatsapp: 'https://wa.me/77015505050',
    telegram: 'https://t.me/orda_cargo_krg',
    storageDays: 10,
  },
  {
    country: 'KZ',
    position: 6,
    name: t('Актобе — Абылхаир хана', 'Ақтөбе — Әбілқайыр хан', 'Aktobe — Abulkhair Khan'),
    city: t('Актобе', 'Ақтөбе', 'Aktobe'),
    address: t('пр. Абылхаир хана, 2', 'Әбілқайыр хан даңғ., 2', '2 Abulkhair Khan Ave'),
    latitude: 50.28372,
    longitude: 57.16643,
    tariff: 219_000,
    currency: 'KZT',
    timeZone: 'Asia/Aqtobe',
    workingHours: WEEKDAYS_9_18_SAT_10_15,
    mapLink: 'https://2gis.kz/aktobe/search/%D0%90%D0%B1%D1%8B%D0%BB%D1%85%D0%B0%D0%B8%D1%80%20%D1%85%D0%B0%D0%BD%D0%B0%202',
    phones: ['+77132606060'],
    instagram: 'https://instagram.com/orda.cargo.aktobe',
    whatsapp: 'https://wa.me/77015506060',
    telegram: null,
    storageDays: 10,
  },
  {
    country: 'KZ',
    position: 7,
    name: t('Усть-Каменогорск — Казахстан', 'Өскемен — Қазақстан', 'Oskemen — Kazakhstan St'),
    city: t('Усть-Каменогорск', 'Өскемен', 'Oskemen'),
    address: t('ул. Казахстан, 70', 'Қазақстан к-сі, 70', '70 Kazakhstan St'),
    latitude: 49.94839,
    longitude: 82.62791,
    tariff: 199_000,
    currency: 'KZT',
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS_9_19_SAT_10_17,
    mapLink: 'https://2gis.kz/ustkamenogorsk/search/%D0%9A%D0%B0%D0%B7%D0%B0%D1%85%D1%81%D1%82%D0%B0%D0%BD%2070',
    phones: ['+77232707070'],
    instagram: 'https://instagram.com/orda.cargo.vko',
    whatsapp: 'https://wa.me/77015507070',
    telegram: null,
    storageDays: 10,
  },
  {
    country: 'KG',
    position: 1,
    name: t('Бишкек — Чуй', 'Бішкек — Шүй', 'Bishkek — Chui'),
    city: t('Бишкек', 'Бішкек', 'Bishkek'),
    address: t('пр. Чуй, 155, 2 этаж', 'Шүй даңғ., 155, 2-қабат', '155 Chui Ave, 1st floor'),
    latitude: 42.87598,
    longitude: 74.60356,
    tariff: 39_000,
    currency: 'KGS',
    timeZone: 'Asia/Bishkek',
    workingHours: WEEKDAYS_9_19_SAT_10_17,
    mapLink: 'https://2gis.kg/bishkek/search/%D0%A7%D1%83%D0%B9%20155',
    phones: ['+996555808080', '+996312808080'],
    instagram: 'https://instagram.com/orda.cargo.kg',
    whatsapp: 'https://wa.me/996555808080',
    telegram: 'https://t.me/orda_cargo_kg',
    storageDays: 14,
  },
  {
    country: 'KG',
    position: 2,
    name: t('Ош — Ленина', 'Ош — Ленин', 'Osh — Lenin St'),
    city: t('Ош', 'Ош', 'Osh'),
    address: t('ул. Ленина, 205', 'Ленин к-сі, 205', '205 Lenin St'),
    latitude: 40.52828,
    longitude: 72.7985,
    tariff: 37_000,
    currency: 'KGS',
    timeZone: 'Asia/Bishkek',
    workingHours: WEEKDAYS_9_18_SAT_10_15,
    mapLink: 'https://2gis.kg/osh/search/%D0%9B%D0%B5%D0%BD%D0%B8%D0%BD%D0%B0%20205',
    phones: ['+996555909090'],
    instagram: 'https://instagram.com/orda.cargo.osh',
    whatsapp: 'https://wa.me/996555909090',
    telegram: null,
    storageDays: 10,
  },
];

export const DEMO_SETTINGS: Record<string, string | { kk: string; ru: string; en: string }> = {
  logo: '/brand/logo.svg',
  footer_logo: '/brand/logo-footer.svg',
  site_name: 'Orda Cargo',
  short_name: 'Orda Cargo',
  description: t(
    'Доставка товаров из Китая в Казахстан и Кыргызстан: отслеживание, оплата и выдача посылок',
    'Қытайдан Қазақстан мен Қырғызстанға тауар жеткізу: сәлемдемелерді қадағалау, төлеу және алу',
    'Parcels from China to Kazakhstan and Kyrgyzstan: track, pay and collect',
  ),
  footer_text: t(
    'Доставка товаров из Китая в Казахстан и Кыргызстан.\nСклад в Гуанчжоу, 9 пунктов выдачи.',
    'Қытайдан Қазақстан мен Қырғызстанға тауар жеткізу.\nГуанчжоудағы қойма, 9 беру пункті.',
    'Delivery of goods from China to Kazakhstan and Kyrgyzstan.\nWarehouse in Guangzhou, 9 pickup points.',
  ),
  // The documents are pages of the app (/terms, /privacy) with these texts; the links stay for carriers who clear them.
  terms_of_use: '',
  privacy_policy: '',
  terms_text: SEED_TERMS_TEXT,
  privacy_text: SEED_PRIVACY_TEXT,
  phone: '+77273501010',
  email: 'support@orda-cargo.kz',
  instagram_link: 'https://instagram.com/orda.cargo',
  telegram_link: 'https://t.me/orda_cargo',
  whatsapp_link: 'https://wa.me/77015501010',
  map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  map_attribution: '© OpenStreetMap contributors',
  /** cm³ per kg: volumetric weight = L × W × H / this (the contract's rule). */
  volumetric_divisor: String(DEFAULT_VOLUMETRIC_DIVISOR),
};

/** Countries, branches, the China warehouse address and settings: inserted once, never overwritten. */
export async function seedGeo(db: DbOrTx): Promise<void> {
  await db.insert(countries).values(DEMO_COUNTRIES).onConflictDoNothing({ target: countries.code });
  const rows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const idOf = new Map(rows.map((r) => [r.code, r.id]));

  const existing = await db.select({ id: branches.id }).from(branches).limit(1);
  if (!existing.length) {
    // The methods each country's counters take, and the FAQ's paid storage after the free days (100 ₸, 10 сом a day).
    await db.insert(branches).values(
      DEMO_BRANCHES.map(({ country, ...b }) => ({
        paymentMethods: defaultPaymentMethods(country),
        storageFeePerDay: country === 'KG' ? 1_000 : 10_000,
        // What an uninsured parcel is compensated per kg of its weight (claims, ADR 088): 2,500 ₸ or 500 сом a kg.
        uninsuredPerKg: country === 'KG' ? 50_000 : 250_000,
        ...b,
        countryId: idOf.get(country)!,
      })),
    );
  }
  for (const code of ['KZ', 'KG']) {
    await db
      .insert(warehouses)
      .values({
        countryId: idOf.get(code)!,
        recipient: 'Orda {client_code}',
        phone: '18520041234',
        province: '广东省 (Guangdong)',
        city: '广州市 (Guangzhou)',
        district: '白云区 (Baiyun)',
        street: '石井街道 庆丰村 华南物流园 8栋 112号 ({client_code}, {phone})',
        postcode: '510430',
      })
      .onConflictDoNothing({ target: warehouses.countryId });
  }
  await db
    .insert(settings)
    .values(Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
