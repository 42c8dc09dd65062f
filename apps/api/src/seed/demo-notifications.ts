/** The demo's news and system notifications, in all three languages (seeded beside the demo parcels). */
type DemoNote = { title: string; body: string; link: string | null };
/** A demo note in all three languages (notifications keep every language and show the reader's current one). */
export function demoText(notes: Record<'kk' | 'ru' | 'en', DemoNote[]>, i: number): Record<string, unknown> {
  const pick = (k: 'title' | 'body') => ({ kk: notes.kk[i]![k], ru: notes.ru[i]![k], en: notes.en[i]![k] });
  return { title: pick('title'), body: pick('body') };
}
export const DEMO_NEWS_NOTIFICATIONS: Record<'kk' | 'ru' | 'en', DemoNote[]> = {
  ru: [
    {
      title: 'Новый пункт выдачи в Астане',
      body: 'Открылся пункт выдачи на пр. Сарыарка, 31/2. Выберите его в профиле, чтобы получать посылки там.',
      link: '/branches',
    },
    { title: 'Скидка 10% на доставку до конца месяца', body: 'Для посылок тяжелее 5 кг действует скидка 10% на тариф.', link: null },
    { title: 'Праздничный график работы', body: 'В праздничные дни пункты выдачи работают с 10:00 до 16:00.', link: null },
  ],
  kk: [
    {
      title: 'Астанада жаңа беру пункті',
      body: 'Сарыарқа даңғ., 31/2 мекенжайында беру пункті ашылды. Сәлемдемелерді сонда алу үшін оны профильде таңдаңыз.',
      link: '/branches',
    },
    { title: 'Ай соңына дейін жеткізуге 10% жеңілдік', body: '5 кг-нан ауыр сәлемдемелерге тарифке 10% жеңілдік бар.', link: null },
    { title: 'Мереке күндердегі жұмыс кестесі', body: 'Мереке күндері беру пункттері 10:00-ден 16:00-ге дейін жұмыс істейді.', link: null },
  ],
  en: [
    {
      title: 'New pickup point in Astana',
      body: 'A pickup point has opened at 31/2 Saryarka Ave. Choose it in your profile to collect parcels there.',
      link: '/branches',
    },
    { title: '10% off delivery until the end of the month', body: 'Parcels heavier than 5 kg get 10% off the tariff.', link: null },
    { title: 'Holiday opening hours', body: 'On public holidays pickup points are open from 10:00 to 16:00.', link: null },
  ],
};
export const DEMO_SYSTEM_NOTIFICATIONS: Record<'kk' | 'ru' | 'en', DemoNote[]> = {
  ru: [
    {
      title: 'Добавьте трек-коды заранее',
      body: 'Сохраните трек-код сразу после отправки продавцом — посылка привяжется к вам автоматически.',
      link: '/orders',
    },
    { title: 'Добро пожаловать в Orda Cargo!', body: 'Ваш адрес склада в Китае уже готов. Скопируйте его на главной странице.', link: '/' },
  ],
  kk: [
    {
      title: 'Трек-кодтарды алдын ала қосыңыз',
      body: 'Сатушы жөнелткен бойда трек-кодты сақтаңыз — сәлемдеме сізге автоматты түрде тіркеледі.',
      link: '/orders',
    },
    { title: 'Orda Cargo-ға қош келдіңіз!', body: 'Қытайдағы қойма мекенжайыңыз дайын. Оны басты беттен көшіріп алыңыз.', link: '/' },
  ],
  en: [
    {
      title: 'Add tracking codes early',
      body: 'Save a tracking code as soon as the seller ships: the parcel will be matched to you automatically.',
      link: '/orders',
    },
    { title: 'Welcome to Orda Cargo!', body: 'Your China warehouse address is ready. Copy it from the home page.', link: '/' },
  ],
};

/** Test helper: the unclaimed demo parcels' codes (user_id null). */
