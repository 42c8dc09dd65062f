import type { TLang, TOrderStatusCode } from '@portal/contract';

export interface NotifiableOrder {
  id: number;
  trackCode: string;
  name: string;
  weight: number;
  price: number | null;
  currency: string | null;
  storageUntil: string | null;
}

type Render = (o: NotifiableOrder, branch: string) => { title: string; body: string };
const label = (o: NotifiableOrder) => (o.name ? `«${o.name}» (${o.trackCode})` : o.trackCode);
const money = (o: NotifiableOrder) => (o.price !== null ? `${o.price.toLocaleString('ru-RU')} ${o.currency ?? ''}`.trim() : '');

/** Texts of the notification each status change sends, in the owner's language. */
export const STATUS_NOTIFICATIONS: Record<TOrderStatusCode, Record<TLang, Render>> = {
  china_warehouse: {
    ru: (o) => ({ title: 'Посылка принята на складе в Китае', body: `Посылка ${label(o)} принята на нашем складе в Гуанчжоу. Вес: ${o.weight} кг.` }),
    kk: (o) => ({ title: 'Сәлемдеме Қытайдағы қоймада қабылданды', body: `${label(o)} сәлемдемесі Гуанчжоудағы қоймамызға қабылданды. Салмағы: ${o.weight} кг.` }),
    en: (o) => ({ title: 'Parcel received in China', body: `Parcel ${label(o)} was received at our Guangzhou warehouse. Weight: ${o.weight} kg.` }),
  },
  in_transit: {
    ru: (o, b) => ({ title: 'Посылка в пути', body: `Посылка ${label(o)} отправлена со склада в Китае${b ? ` в пункт «${b}»` : ''}.` }),
    kk: (o, b) => ({ title: 'Сәлемдеме жолда', body: `${label(o)} сәлемдемесі Қытайдағы қоймадан${b ? ` «${b}» пунктіне` : ''} жөнелтілді.` }),
    en: (o, b) => ({ title: 'Parcel on its way', body: `Parcel ${label(o)} has left the China warehouse${b ? ` for ${b}` : ''}.` }),
  },
  at_branch: {
    ru: (o, b) => ({ title: 'Посылка ждёт вас', body: `Посылка ${label(o)} прибыла в пункт «${b}». К оплате: ${money(o)}.${o.storageUntil ? ` Бесплатное хранение до ${o.storageUntil}.` : ''}` }),
    kk: (o, b) => ({ title: 'Сәлемдеме сізді күтіп тұр', body: `${label(o)} сәлемдемесі «${b}» пунктіне келді. Төлеуге: ${money(o)}.${o.storageUntil ? ` Тегін сақтау ${o.storageUntil} дейін.` : ''}` }),
    en: (o, b) => ({ title: 'Parcel ready for pickup', body: `Parcel ${label(o)} has arrived at ${b}. To pay: ${money(o)}.${o.storageUntil ? ` Free storage until ${o.storageUntil}.` : ''}` }),
  },
  delivered: {
    ru: (o, b) => ({ title: 'Посылка выдана', body: `Посылка ${label(o)} выдана${b ? ` в пункте «${b}»` : ''}. Спасибо, что выбираете нас!` }),
    kk: (o, b) => ({ title: 'Сәлемдеме берілді', body: `${label(o)} сәлемдемесі${b ? ` «${b}» пунктінде` : ''} берілді. Бізді таңдағаныңызға рахмет!` }),
    en: (o, b) => ({ title: 'Parcel handed over', body: `Parcel ${label(o)} was handed over${b ? ` at ${b}` : ''}. Thank you for choosing us!` }),
  },
};

/** The link a status notification opens: the order's info page. */
export const orderLink = (orderId: number) => `/orders/order?id=${orderId}`;
