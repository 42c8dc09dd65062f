import type { TI18nText } from '@portal/contract';
import type { DbOrTx } from '../db/client';
import { faqs, lessonSteps, lessons, marketplaces, news, prohibitedItems } from '../db/schema';

const t = (ru: string, kk: string, en: string): TI18nText => ({ ru, kk, en });
const DAY_MS = 24 * 3600 * 1000;

export const DEMO_MARKETPLACES = [
  {
    name: 'Taobao',
    url: 'https://world.taobao.com',
    logo: '/marketplaces/taobao.svg',
    position: 1,
    description: t(
      'Крупнейший маркетплейс Китая: одежда, обувь, товары для дома и электроника по ценам производителей.',
      'Қытайдың ең ірі маркетплейсі: киім, аяқ киім, үйге арналған тауарлар мен электроника өндіруші бағасымен.',
      "China's largest marketplace: clothes, shoes, home goods and electronics at factory prices.",
    ),
  },
  {
    name: '1688',
    url: 'https://www.1688.com',
    logo: '/marketplaces/1688.svg',
    position: 2,
    description: t(
      'Оптовая площадка Alibaba: закупки для бизнеса напрямую у фабрик, от нескольких штук.',
      'Alibaba көтерме алаңы: бизнеске арналған тауарларды фабрикалардан тікелей, бірнеше даналап сатып алу.',
      "Alibaba's wholesale platform: buy for your business straight from factories, from a few pieces.",
    ),
  },
  {
    name: 'Pinduoduo',
    url: 'https://www.pinduoduo.com',
    logo: '/marketplaces/pinduoduo.svg',
    position: 3,
    description: t(
      'Самые низкие цены и совместные покупки: мелочи для дома, аксессуары, детские товары.',
      'Ең төмен баға және бірлескен сатып алу: үйге арналған ұсақ-түйек, аксессуарлар, балалар тауарлары.',
      'Rock-bottom prices and group buying: small home goods, accessories, kids’ items.',
    ),
  },
  {
    name: 'Poizon',
    url: 'https://www.dewu.com',
    logo: '/marketplaces/poizon.svg',
    position: 4,
    description: t(
      'Оригинальные кроссовки, одежда и техника брендов с проверкой подлинности.',
      'Түпнұсқалығы тексерілген брендтік кроссовкалар, киім және техника.',
      'Authentic branded sneakers, clothing and gadgets, each checked for authenticity.',
    ),
  },
  {
    name: 'Tmall',
    url: 'https://www.tmall.com',
    logo: '/marketplaces/tmall.svg',
    position: 5,
    description: t(
      'Официальные магазины брендов: косметика, техника и одежда с гарантией.',
      'Брендтердің ресми дүкендері: кепілдігі бар косметика, техника және киім.',
      'Official brand stores: cosmetics, appliances and clothing with a warranty.',
    ),
  },
  {
    name: 'JD',
    url: 'https://www.jd.com',
    logo: '/marketplaces/jd.svg',
    position: 6,
    description: t(
      'Электроника и бытовая техника с собственной быстрой доставкой по Китаю.',
      'Қытай ішінде жылдам жеткізуі бар электроника және тұрмыстық техника.',
      'Electronics and home appliances with its own fast delivery inside China.',
    ),
  },
];

export const DEMO_PROHIBITED_ITEMS = [
  {
    icon: 'battery',
    title: t('Аккумуляторы и пауэрбанки', 'Аккумуляторлар мен пауэрбанктер', 'Batteries and power banks'),
    description: t(
      'Отдельные литиевые батареи, пауэрбанки и электросамокаты: авиаперевозчики их не принимают. Батарея внутри телефона или ноутбука допускается.',
      'Жеке литий батареялары, пауэрбанктер және электросамокаттар: әуе тасымалдаушылары оларды қабылдамайды. Телефон не ноутбук ішіндегі батареяға рұқсат етіледі.',
      'Loose lithium batteries, power banks and e-scooters are refused by air carriers. A battery built into a phone or laptop is fine.',
    ),
  },
  {
    icon: 'droplet',
    title: t('Жидкости и аэрозоли', 'Сұйықтықтар мен аэрозольдер', 'Liquids and aerosols'),
    description: t(
      'Духи, лаки для ногтей, баллончики, гели и растворители: могут протечь, воспламениться или испортить соседние посылки.',
      'Әтір, тырнақ лактары, баллондар, гельдер мен еріткіштер: ағып кетуі, тұтануы немесе көршілес сәлемдемелерді бүлдіруі мүмкін.',
      'Perfume, nail polish, spray cans, gels and solvents can leak, catch fire or ruin other parcels.',
    ),
  },
  {
    icon: 'magnet',
    title: t('Сильные магниты', 'Күшті магниттер', 'Strong magnets'),
    description: t(
      'Неодимовые магниты и магнитные конструкторы мешают навигационным приборам самолёта.',
      'Неодим магниттері мен магнитті конструкторлар ұшақтың навигациялық құралдарына кедергі келтіреді.',
      'Neodymium magnets and magnetic building sets interfere with aircraft navigation equipment.',
    ),
  },
  {
    icon: 'knife',
    title: t('Ножи и холодное оружие', 'Пышақтар мен суық қару', 'Knives and bladed weapons'),
    description: t(
      'Ножи с фиксируемым клинком, кастеты, мечи, дубинки и электрошокеры.',
      'Жүзі бекітілетін пышақтар, кастеттер, семсерлер, шоқпарлар және электрошокерлер.',
      'Locking knives, knuckle-dusters, swords, batons and stun guns.',
    ),
  },
  {
    icon: 'crosshair',
    title: t('Оружие и его копии', 'Қару және оның көшірмелері', 'Firearms and replicas'),
    description: t(
      'Огнестрельное и пневматическое оружие, патроны, детали оружия, а также точные макеты.',
      'Атыс және пневматикалық қару, оқ-дәрілер, қару бөлшектері және дәл макеттер.',
      'Firearms and air guns, ammunition, weapon parts, and realistic replicas.',
    ),
  },
  {
    icon: 'pill',
    title: t('Лекарства и БАДы', 'Дәрілер мен ББҚ', 'Medicines and supplements'),
    description: t(
      'Рецептурные препараты, сильнодействующие и психоактивные вещества, биодобавки без сертификата.',
      'Рецептілік препараттар, күшті әсер ететін және психоактивті заттар, сертификатсыз биоқоспалар.',
      'Prescription drugs, potent and psychoactive substances, supplements without a certificate.',
    ),
  },
  {
    icon: 'flame',
    title: t('Огнеопасные вещества', 'Тез тұтанатын заттар', 'Flammable goods'),
    description: t(
      'Зажигалки, спички, пиротехника, бензин, краски и любые химикаты с маркировкой опасного груза.',
      'Оттықтар, сіріңкелер, пиротехника, бензин, бояулар және қауіпті жүк белгісі бар кез келген химикаттар.',
      'Lighters, matches, fireworks, fuel, paints and any chemicals labelled as dangerous goods.',
    ),
  },
  {
    icon: 'sprout',
    title: t('Семена и растения', 'Тұқымдар мен өсімдіктер', 'Seeds and plants'),
    description: t(
      'Семена, луковицы, саженцы, почва и грунт не проходят фитосанитарный контроль.',
      'Тұқымдар, пиязшықтар, көшеттер мен топырақ фитосанитарлық бақылаудан өтпейді.',
      'Seeds, bulbs, seedlings and soil do not pass phytosanitary control.',
    ),
  },
  {
    icon: 'paw',
    title: t('Животные и насекомые', 'Жануарлар мен жәндіктер', 'Animals and insects'),
    description: t(
      'Живые животные, рыбы, насекомые, а также чучела и изделия из редких видов.',
      'Тірі жануарлар, балықтар, жәндіктер, сондай-ақ сирек түрлерден жасалған тұлыптар мен бұйымдар.',
      'Live animals, fish and insects, and stuffed animals or products of protected species.',
    ),
  },
  {
    icon: 'food',
    title: t('Скоропортящиеся продукты', 'Тез бұзылатын өнімдер', 'Perishable food'),
    description: t(
      'Мясо, молочные продукты, фрукты и всё, что требует холода. Сухие закуски в заводской упаковке можно.',
      'Ет, сүт өнімдері, жемістер және салқын жерде сақталатынның бәрі. Зауыттық қаптамадағы құрғақ тағамдарға болады.',
      'Meat, dairy, fruit and anything that needs cold storage. Dry snacks in factory packaging are fine.',
    ),
  },
  {
    icon: 'coins',
    title: t('Деньги и драгоценности', 'Ақша мен асыл бұйымдар', 'Cash and valuables'),
    description: t(
      'Наличные, ценные бумаги, слитки и изделия из драгоценных металлов и камней.',
      'Қолма-қол ақша, бағалы қағаздар, құймалар және асыл металдар мен тастардан жасалған бұйымдар.',
      'Cash, securities, bullion and jewellery made of precious metals or stones.',
    ),
  },
  {
    icon: 'no-smoking',
    title: t('Табак и вейпы', 'Темекі мен вейптер', 'Tobacco and vapes'),
    description: t(
      'Сигареты, табак, электронные сигареты и жидкости для них.',
      'Шылым, темекі, электрондық темекілер және оларға арналған сұйықтықтар.',
      'Cigarettes, tobacco, e-cigarettes and e-liquids.',
    ),
  },
];

export const DEMO_FAQS = [
  {
    question: t('Сколько идёт посылка?', 'Сәлемдеме қанша уақытта жетеді?', 'How long does delivery take?'),
    answer: t(
      'Обычно 12–18 дней с момента, когда посылка поступила на наш склад в Гуанчжоу, до пункта выдачи в Алматы. В Астану, Шымкент, Караганду, Актобе, Усть-Каменогорск и Кыргызстан — ещё 2–4 дня. В сезон распродаж (11.11, 618) сроки могут вырасти на несколько дней.',
      'Әдетте сәлемдеме Гуанчжоудағы қоймамызға түскен сәттен бастап Алматыдағы беру пунктіне дейін 12–18 күн жүреді. Астанаға, Шымкентке, Қарағандыға, Ақтөбеге, Өскеменге және Қырғызстанға тағы 2–4 күн қосылады. Жеңілдік маусымында (11.11, 618) мерзім бірнеше күнге ұзаруы мүмкін.',
      'Usually 12–18 days from the moment the parcel reaches our Guangzhou warehouse to the Almaty pickup point. Astana, Shymkent, Karaganda, Aktobe, Oskemen and Kyrgyzstan take 2–4 days more. During big sales (11.11, 618) it can take a few days longer.',
    ),
  },
  {
    question: t('Сколько стоит доставка?', 'Жеткізу қанша тұрады?', 'How much does delivery cost?'),
    answer: t(
      'Оплачиваемый вес × тариф вашего пункта выдачи за килограмм, округлённый один раз (половина — вверх): до целых тенге и сомов (KZT, KGS), до 2 знаков в других валютах. Оплачиваемый вес — больший из фактического и объёмного (Д × Ш × В в см / 6000). Тариф каждого пункта указан на странице «Филиалы», там же есть калькулятор. Оплата — только при получении.',
      'Төленетін салмақ × беру пунктіңіздің бір килограмм тарифі, бір рет дөңгелектенеді (жартысы — жоғары): теңге мен сом (KZT, KGS) бүтінге дейін, басқа валюталарда 2 таңбаға дейін. Төленетін салмақ — нақты салмақ пен көлемдік салмақтың (Ұ × Е × Б см / 6000) үлкені. Әр пункттің тарифі «Филиалдар» бетінде көрсетілген, онда калькулятор да бар. Төлем тек алған кезде жасалады.',
      "Chargeable weight × your pickup point's tariff per kilogram, rounded half up once: to whole tenge and som (KZT, KGS), to 2 decimals in other currencies. The chargeable weight is the larger of the actual weight and the volumetric weight (L × W × H in cm / 6000). Each branch's tariff is on the Branches page, together with a calculator. You pay only when you collect.",
    ),
  },
  {
    question: t(
      'Что такое код клиента и где его найти?',
      'Клиент коды дегеніміз не және оны қайдан табуға болады?',
      'What is a client code and where do I find it?',
    ),
    answer: t(
      'Код клиента (например, KZ-10457) выдаётся при регистрации. По нему склад в Китае понимает, чья это посылка. Он уже подставлен в ваш адрес в Китае на главной странице и показан в профиле.',
      'Клиент коды (мысалы, KZ-10457) тіркелу кезінде беріледі. Қытайдағы қойма сәлемдеменің кімдікі екенін сол арқылы анықтайды. Ол басты беттегі Қытайдағы мекенжайыңызға қойылған және профильде көрсетілген.',
      'Your client code (for example, KZ-10457) is issued when you register. It tells our China warehouse whose parcel it is. It is already filled into your China address on the home page and shown in your profile.',
    ),
  },
  {
    question: t('Зачем добавлять трек-код?', 'Трек-кодты не үшін қосу керек?', 'Why should I add the tracking code?'),
    answer: t(
      'Трек-код, который даёт продавец, связывает посылку с вашим аккаунтом, даже если код клиента на коробке стёрся. Добавьте его в разделе «Заказы» сразу после отправки — и вы будете получать уведомления о каждом статусе. Если тот же трек-код сохранил и другой клиент, а код клиента на коробке не указан, посылка будет «на проверке»: сотрудники склада сверят, чья она (например, по скриншоту заказа), и сообщат вам.',
      'Сатушы беретін трек-код сәлемдемені аккаунтыңызбен байланыстырады, тіпті қораптағы клиент коды өшіп қалса да. Оны жіберілген бойда «Тапсырыстар» бөліміне қосыңыз — әр мәртебе туралы хабарлама аласыз. Егер дәл осы трек-кодты басқа клиент те сақтаса, ал қорапта клиент коды болмаса, сәлемдеме «тексерілуде» болады: қойма қызметкерлері оның кімдікі екенін тексеріп (мысалы, тапсырыстың скриншоты бойынша), сізге хабарлайды.',
      'The tracking code the seller gives you links the parcel to your account even if the client code on the box is smudged. Add it under Orders as soon as the seller ships, and you\'ll be notified at every status. If another customer saved the same code and the box has no client code, the parcel shows "Being checked": the warehouse checks whose it is (for example from a screenshot of the order) and lets you know.',
    ),
  },
  {
    question: t(
      'Продавец пишет «доставлено», а заказа нет',
      'Сатушы «жеткізілді» дейді, бірақ тапсырыс жоқ',
      'The seller says "delivered" but I see no order',
    ),
    answer: t(
      'Приёмка и взвешивание на складе занимают 1–2 рабочих дня. Если прошло больше 3 дней, напишите в поддержку: укажите трек-код и приложите скриншот из приложения маркетплейса.',
      'Қоймада қабылдау мен өлшеу 1–2 жұмыс күнін алады. 3 күннен көп өтсе, қолдау қызметіне жазыңыз: трек-кодты көрсетіп, маркетплейс қосымшасынан скриншот тіркеңіз.',
      'Receiving and weighing at the warehouse takes 1–2 working days. If more than 3 days have passed, write to support with the tracking code and a screenshot from the marketplace app.',
    ),
  },
  {
    question: t('Можно объединить несколько посылок?', 'Бірнеше сәлемдемені біріктіруге бола ма?', 'Can you combine several parcels?'),
    answer: t(
      'Да. Посылки одного клиента, пришедшие на склад в течение 3 дней, мы бесплатно объединим по запросу в поддержку. Это экономит вес упаковки.',
      'Иә. Бір клиенттің 3 күн ішінде қоймаға келген сәлемдемелерін қолдау қызметіне сұраныс бойынша тегін біріктіреміз. Бұл қаптама салмағын үнемдейді.',
      'Yes. Parcels of one customer that reach the warehouse within 3 days can be combined for free — just ask support. It saves packaging weight.',
    ),
  },
  {
    question: t(
      'Сколько хранится посылка в пункте выдачи?',
      'Сәлемдеме беру пунктінде қанша сақталады?',
      'How long is a parcel kept at the pickup point?',
    ),
    answer: t(
      'Бесплатно — 14 дней в Алматы, Астане и Бишкеке и 10 дней в остальных пунктах (срок указан на странице филиала). Затем хранение стоит 100 ₸ (10 сом) в день. Не успеваете? На странице посылки выберите «Хранить до» (насколько позволяет пункт) и оплатите эти дни онлайн (Kaspi или карта в Казахстане, Freedom Pay в Кыргызстане); там, где хранение бесплатное, продление ничего не стоит.',
      'Тегін — Алматы, Астана мен Бішкекте 14 күн, қалған пункттерде 10 күн (мерзім филиал бетінде көрсетілген). Одан кейін сақтау күніне 100 ₸ (10 сом) тұрады. Үлгермейсіз бе? Сәлемдеме бетінде «Сақтау мерзімі» күнін таңдаңыз (пункт рұқсат еткенше) және сол күндерді онлайн төлеңіз (Қазақстанда Kaspi немесе карта, Қырғызстанда Freedom Pay); сақтау тегін пунктте ұзарту ақысыз.',
      'Free for 14 days in Almaty, Astana and Bishkek and 10 days at the other points (see the branch page). After that storage costs 100 ₸ (10 som) a day. Need longer? On the parcel’s page choose “Keep until” (as far as the branch allows) and pay for those days online (Kaspi or card in Kazakhstan, Freedom Pay in Kyrgyzstan); where storage is free, extending costs nothing.',
    ),
  },
  {
    question: t('Как оплатить доставку?', 'Жеткізуді қалай төлеуге болады?', 'How do I pay for delivery?'),
    answer: t(
      'Заранее, в приложении: кнопка «Оплатить» на главной, на странице QR или ссылка в сообщении о прибытии — Kaspi или карта в Казахстане, карта через Freedom Pay в Кыргызстане. Тогда в пункте платить ничего не нужно. Или при получении: наличными, картой или Kaspi QR в Казахстане; наличными, картой, Элсом или MBank в Кыргызстане.',
      'Алдын ала, қосымшада: басты беттегі, QR бетіндегі «Төлеу» батырмасы немесе келу туралы хабардағы сілтеме — Қазақстанда Kaspi немесе карта, Қырғызстанда Freedom Pay арқылы карта. Сонда пунктте ештеңе төлемейсіз. Немесе алған кезде: Қазақстанда қолма-қол ақшамен, картамен немесе Kaspi QR арқылы; Қырғызстанда қолма-қол ақшамен, картамен, Элсом немесе MBank арқылы.',
      'Ahead, in the app: the Pay button on the home page, on the QR page or the link in the arrival message — Kaspi or a card in Kazakhstan, a card through Freedom Pay in Kyrgyzstan. Then there is nothing to pay at the pickup point. Or when you collect: cash, card or Kaspi QR in Kazakhstan; cash, card, Elsom or MBank in Kyrgyzstan.',
    ),
  },
  {
    question: t(
      'Посылка повреждена, потерялась или чего-то не хватает',
      'Сәлемдеме зақымдалған, жоғалған немесе бірдеңе жетіспейді',
      'My parcel is damaged, lost or something is missing',
    ),
    answer: t(
      'Откройте посылку в приложении и нажмите «Сообщить о проблеме»: повреждена, не то содержимое или потерялась, с фото (повреждение — в течение 7 дней после получения). Претензия сама соберёт фото и вес со склада в Китае и из пункта и историю посылки. Мы отвечаем в течение суток и решаем в течение 14 дней. Застрахованную посылку возмещаем до объявленной стоимости, незастрахованную — до 5 000 ₸ (850 сом) за кг её веса; деньги — на баланс, обратно на карту или наличными в пункте, один раз.',
      'Қосымшада сәлемдемені ашып, «Мәселе туралы хабарлау» батырмасын басыңыз: зақымдалған, мазмұны басқа немесе жоғалған, суретпен (зақым — алғаннан кейін 7 күн ішінде). Шағым Қытайдағы қойма мен пункттің суреттері мен салмағын және сәлемдеме тарихын өзі жинайды. Бір тәулік ішінде жауап береміз, 14 күн ішінде шешеміз. Сақтандырылған сәлемдемені жарияланған құнына дейін, сақтандырылмағанын салмағының әр кг-ы үшін 5 000 ₸-ге (850 сом) дейін өтейміз; ақша балансқа, картаға қайтарылады немесе пунктте қолма-қол беріледі, бір рет.',
      'Open the parcel in the app and tap "Report a problem": damaged, contents differ or lost, with photos (damage within 7 days after you collect it). The claim gathers the photos and weights from our China warehouse and the pickup point and the parcel\'s history by itself. We answer within a day and decide within 14 days. An insured parcel is compensated up to its declared value, an uninsured one up to 5,000 ₸ (850 som) per kg of its weight; the money goes to your balance, back to your card or in cash at the pickup point, once.',
    ),
  },
  {
    question: t('Может ли посылку забрать другой человек?', 'Сәлемдемені басқа адам ала ала ма?', 'Can someone else collect my parcel?'),
    answer: t(
      'Да. В разделе «Доверенные лица» укажите имя и телефон человека, выберите посылки и дни (до 14). Ему придёт SMS со ссылкой на его собственный QR-код — только для этих посылок и дней. Вы можете отозвать его в любой момент, код перестанет работать сразу. В чеке будет указано, кто получил посылки.',
      'Иә. «Сенімді тұлғалар» бөлімінде адамның атын және телефонын көрсетіп, сәлемдемелер мен күндерді таңдаңыз (14 күнге дейін). Оған өзінің QR-кодына сілтемесі бар SMS келеді — тек осы сәлемдемелер мен күндерге. Оны кез келген уақытта кері қайтара аласыз, код бірден жарамсыз болады. Чекте сәлемдемені кім алғаны көрсетіледі.',
      "Yes. Under Trusted people, enter the person's name and phone, choose the parcels and the days (up to 14). They get an SMS with a link to their own QR code, valid only for those parcels and days. You can revoke it at any time and it stops working at once. The receipt says who collected the parcels.",
    ),
  },
  {
    question: t('Как сменить пункт выдачи?', 'Беру пунктін қалай ауыстыруға болады?', 'How do I change my pickup point?'),
    answer: t(
      'В профиле откройте «Мои данные» и выберите другой филиал. Посылки, которые уже в пути, придут в прежний пункт; новые — в выбранный.',
      'Профильде «Менің деректерім» бөлімін ашып, басқа филиалды таңдаңыз. Жолдағы сәлемдемелер бұрынғы пунктке, жаңалары таңдалған пунктке келеді.',
      'Open "Your data" in your profile and choose another branch. Parcels already on the way arrive at the old point; new ones go to the one you chose.',
    ),
  },
  {
    question: t('Можно ли застраховать посылку?', 'Сәлемдемені сақтандыруға бола ма?', 'Can I insure a parcel?'),
    answer: t(
      'Да. На странице посылки откройте «Содержимое и страховка» (или перечислите товары, когда добавляете трек-код), укажите объявленную стоимость и включите страховку до того, как посылка покинет склад в Китае. Она стоит 3% от объявленной стоимости, не меньше 500 ₸ (50 сом), для стоимости до 1 000 000 ₸ (170 000 сом), оплачивается вместе с доставкой и указана в чеке. Без страховки мы возмещаем до 5 000 ₸ (850 сом) за кг — это видно до того, как вы решите.',
      'Иә. Сәлемдеме бетінде «Ішіндегісі және сақтандыру» бөлімін ашыңыз (немесе трек-кодты қосқанда тауарларды тізіп жазыңыз), жарияланған құнын көрсетіп, сәлемдеме Қытайдағы қоймадан шықпай тұрып сақтандыруды қосыңыз. Ол жарияланған құнның 3%-ы, кемінде 500 ₸ (50 сом), 1 000 000 ₸-ге (170 000 сом) дейінгі құн үшін; жеткізумен бірге төленеді және чекте көрсетіледі. Сақтандырусыз әр кг үшін 5 000 ₸-ге (850 сом) дейін өтейміз — бұл шешім қабылдағанға дейін көрсетіледі.',
      'Yes. On the parcel\'s page open "Contents & insurance" (or list the items when you add the tracking code), declare the value and switch insurance on before the parcel leaves the China warehouse. It costs 3% of the declared value, at least 500 ₸ (50 som), for values up to 1,000,000 ₸ (170,000 som), is paid with the delivery and shown on the receipt. Without insurance we compensate up to 5,000 ₸ (850 som) per kg — you see this before you decide.',
    ),
  },
  {
    question: t(
      'Зачем вам мой ИИН и список товаров?',
      'ЖСН мен тауарлар тізімі не үшін керек?',
      'Why do you ask for my IIN and the items?',
    ),
    answer: t(
      'Личные посылки проходят таможню по правилам ЕАЭС: таможне нужны ИИН получателя (в Кыргызстане — ПИН), что внутри и сколько стоит. Добавьте ИИН в профиле, а товары — на странице посылки. Без пошлины проходит до 200 EUR и 31 кг на посылку; сверх этого — 15% от превышения, но не меньше 2 EUR за каждый кг сверх 31 кг. Страница посылки заранее предупредит и посчитает пошлину по курсу Нацбанка.',
      'Жеке сәлемдемелер кедендік тексеруден ЕАЭО ережелері бойынша өтеді: кеденге алушының ЖСН-і (Қырғызстанда — ПИН), ішінде не бар және құны қажет. ЖСН-ді профильге, тауарларды сәлемдеме бетіне қосыңыз. Бажсыз бір сәлемдемеге 200 EUR және 31 кг-ға дейін өтеді; одан асса — асқан құнның 15%-ы, бірақ 31 кг-нан асқан әр кг үшін кемінде 2 EUR. Сәлемдеме беті алдын ала ескертіп, бажды Ұлттық банк бағамы бойынша есептейді.',
      "Personal parcels clear customs under the EAEU rules: customs need the recipient's IIN (in Kyrgyzstan, the PIN), what is inside and its value. Add your IIN in your profile and the items on the parcel's page. Up to 200 EUR and 31 kg per parcel come in duty-free; above that, 15% of the excess, at least 2 EUR per kg over 31 kg. The parcel's page warns you ahead and estimates the duty at the National Bank's rate.",
    ),
  },
  {
    question: t('Можно ли записаться на время получения?', 'Алу уақытына жазылуға бола ма?', 'Can I book a time to collect?'),
    answer: t(
      'Да. Когда посылка ждёт в пункте выдачи, откройте «Запись на получение» и выберите свободное время. Пункт заранее подготовит ваши посылки, за час до времени придёт напоминание. Если посылки оплачены онлайн, выдача по записи — быстрая полоса: покажите QR-код и заберите.',
      'Иә. Сәлемдеме беру пунктінде күтіп тұрғанда, «Алуға жазылу» бетін ашып, бос уақытты таңдаңыз. Пункт сәлемдемелеріңізді алдын ала дайындайды, уақыттан бір сағат бұрын еске салу келеді. Сәлемдемелер онлайн төленген болса, жазылу бойынша беру — жылдам жол: QR-кодты көрсетіп, алып кетіңіз.',
      'Yes. When a parcel is waiting at your pickup point, open “Book a pickup time” and choose a free time. The branch prepares your parcels in advance and you get a reminder an hour before. If the parcels are paid online, a booked pickup is the fast lane: show your QR code and go.',
    ),
  },
  {
    question: t('Можете привезти посылку до двери?', 'Сәлемдемені есікке дейін жеткізе аласыздар ма?', 'Can you deliver to my door?'),
    answer: t(
      'Да, в городе вашего пункта выдачи. Когда посылка ждёт в пункте, откройте её страницу и нажмите «Доставить до двери»: укажите адрес и индекс — цену (база зоны + за каждый кг оплачиваемого веса) покажем до подтверждения. Если индекс вне зон доставки, получить её можно только в пункте выдачи. Курьер пункта привезёт её в назначенный день; когда он выедет, вам придёт SMS с кодом — назовите его курьеру у двери. Оплата посылки и доставки курьеру наличными или картой.',
      'Иә, беру пунктіңіз орналасқан қалада. Сәлемдеме пунктте күтіп тұрғанда оның бетін ашып, «Есікке дейін жеткізу» түймесін басыңыз: мекенжай мен индексті көрсетіңіз — бағасын (аймақтың негізгі бағасы + төленетін салмақтың әр кг) растаудан бұрын көрсетеміз. Индекс жеткізу аймақтарынан тыс болса, сәлемдемені пункттен алу керек. Пункт курьері оны белгіленген күні әкеледі; ол шыққанда сізге кодпен SMS келеді — есік алдында курьерге айтыңыз. Сәлемдеме мен жеткізу курьерге қолма-қол немесе картамен төленеді.',
      "Yes, in your pickup branch's city. When the parcel is waiting at the branch, open its page and tap \"Deliver to my door\": give the address and postcode, and we show the price (the zone's base plus each kg of chargeable weight) before you confirm. A postcode outside the delivery zones means picking the parcel up at the branch. The branch's courier brings it on the day set; when they set out you get an SMS with a code: tell it to the courier at the door. Pay for the parcel and the delivery to the courier in cash or by card.",
    ),
  },
];

/** Days before the seed run, so the demo news always look recent. */
export const DEMO_NEWS = [
  {
    daysAgo: 3,
    title: t('Kaspi QR теперь во всех пунктах выдачи', 'Kaspi QR енді барлық беру пункттерінде', 'Kaspi QR now at every pickup point'),
    summary: t(
      'Оплатить доставку можно сканом QR-кода в приложении Kaspi — без наличных и без комиссии.',
      'Жеткізуді Kaspi қосымшасында QR-кодты сканерлеп төлеуге болады — қолма-қол ақшасыз және комиссиясыз.',
      'Pay for delivery by scanning a QR code in the Kaspi app — no cash and no fee.',
    ),
    body: t(
      'С этой недели во всех семи пунктах выдачи в Казахстане доступна оплата через Kaspi QR. Сотрудник покажет QR-код на экране кассы, вам останется отсканировать его в приложении Kaspi.kz.\n\nКомиссии нет, чек приходит в приложение. Наличные и банковские карты по-прежнему принимаются.\n\nВ Бишкеке и Оше оплатить можно через Элсом и MBank.',
      'Осы аптадан бастап Қазақстандағы барлық жеті беру пунктінде Kaspi QR арқылы төлеуге болады. Қызметкер касса экранында QR-кодты көрсетеді, сізге оны Kaspi.kz қосымшасында сканерлеу ғана қалады.\n\nКомиссия жоқ, чек қосымшаға келеді. Қолма-қол ақша мен банк карталары бұрынғыдай қабылданады.\n\nБішкек пен Ошта Элсом және MBank арқылы төлеуге болады.',
      'From this week all seven pickup points in Kazakhstan accept Kaspi QR. The staff member shows a QR code on the till screen and you scan it in the Kaspi.kz app.\n\nThere is no fee and the receipt arrives in the app. Cash and bank cards are still accepted.\n\nIn Bishkek and Osh you can pay with Elsom and MBank.',
    ),
  },
  {
    daysAgo: 16,
    title: t(
      'Сезон распродаж: как получить посылки без задержек',
      'Жеңілдік маусымы: сәлемдемені кешіктірмей алу жолы',
      'Sale season: how to get your parcels without delays',
    ),
    summary: t(
      'В дни больших распродаж склад принимает в три раза больше посылок. Пять советов, чтобы ваши пришли быстрее.',
      'Үлкен жеңілдік күндері қойма үш есе көп сәлемдеме қабылдайды. Сіздікі тезірек келуі үшін бес кеңес.',
      'During big sales the warehouse receives three times as many parcels. Five tips to get yours faster.',
    ),
    body: t(
      'Во время 11.11 и 618 объём посылок на складе в Гуанчжоу вырастает втрое. Мы добавляем смены, но кое-что зависит и от вас.\n\n1. Добавляйте трек-код сразу, как продавец отправил заказ.\n2. Проверьте, что в строке получателя есть ваш код клиента.\n3. Не заказывайте запрещённые товары: такие посылки задерживаются на проверке.\n4. Попросите продавца не класть в коробку лишнюю упаковку — вы платите за вес.\n5. Следите за уведомлениями: забирайте посылки в течение срока бесплатного хранения.',
      '11.11 және 618 кезінде Гуанчжоудағы қоймадағы сәлемдеме көлемі үш есе өседі. Біз қосымша ауысымдар қосамыз, бірақ кейбір нәрсе сізге де байланысты.\n\n1. Сатушы тапсырысты жіберген бойда трек-кодты қосыңыз.\n2. Алушы жолында клиент кодыңыз бар екенін тексеріңіз.\n3. Тыйым салынған тауарларға тапсырыс бермеңіз: мұндай сәлемдемелер тексеруде кідіреді.\n4. Сатушыдан қорапқа артық қаптама салмауын сұраңыз — сіз салмақ үшін төлейсіз.\n5. Хабарламаларды қадағалаңыз: сәлемдемелерді тегін сақтау мерзімі ішінде алыңыз.',
      'During 11.11 and 618 the Guangzhou warehouse handles three times the usual volume. We add shifts, but some things are up to you.\n\n1. Add the tracking code as soon as the seller ships.\n2. Check that the recipient line contains your client code.\n3. Do not order prohibited goods: such parcels are held for inspection.\n4. Ask the seller to skip extra packaging — you pay by weight.\n5. Watch your notifications and collect parcels within the free storage period.',
    ),
  },
  {
    daysAgo: 34,
    title: t('Открыт пункт выдачи в Актобе', 'Ақтөбеде беру пункті ашылды', 'New pickup point in Aktobe'),
    summary: t(
      'Новый филиал на проспекте Абылхаир хана, 2 работает с понедельника по субботу.',
      'Әбілқайыр хан даңғылы, 2 мекенжайындағы жаңа филиал дүйсенбіден сенбіге дейін жұмыс істейді.',
      'The new branch at 2 Abulkhair Khan Ave is open Monday to Saturday.',
    ),
    body: t(
      'Жители Актобе теперь могут получать посылки в своём городе. Пункт выдачи находится по адресу: проспект Абылхаир хана, 2.\n\nГрафик: понедельник–пятница с 9:00 до 18:00, суббота с 10:00 до 15:00. Тариф — 2 190 ₸ за килограмм, бесплатное хранение — 10 дней.\n\nЧтобы получать посылки в Актобе, выберите этот филиал в профиле.',
      'Ақтөбе тұрғындары енді сәлемдемелерді өз қаласында ала алады. Беру пункті мекенжайы: Әбілқайыр хан даңғылы, 2.\n\nЖұмыс кестесі: дүйсенбі–жұма 9:00-ден 18:00-ге дейін, сенбі 10:00-ден 15:00-ге дейін. Тариф — килограмына 2 190 ₸, тегін сақтау — 10 күн.\n\nСәлемдемелерді Ақтөбеде алу үшін профильде осы филиалды таңдаңыз.',
      'Aktobe residents can now collect parcels in their own city. The pickup point is at 2 Abulkhair Khan Ave.\n\nHours: Monday to Friday 9:00–18:00, Saturday 10:00–15:00. The tariff is 2,190 ₸ per kilogram, with 10 days of free storage.\n\nTo receive parcels in Aktobe, choose this branch in your profile.',
    ),
  },
  {
    daysAgo: 58,
    title: t('Тариф в Алматы снижен до 1 890 ₸/кг', 'Алматыдағы тариф 1 890 ₸/кг-ға дейін төмендеді', 'Almaty tariff cut to 1,890 ₸/kg'),
    summary: t(
      'Благодаря новому авиаперевозчику доставка в оба пункта Алматы стала дешевле на 100 ₸ за килограмм.',
      'Жаңа әуе тасымалдаушысының арқасында Алматыдағы екі пунктке жеткізу килограмына 100 ₸-ге арзандады.',
      'Thanks to a new air carrier, delivery to both Almaty points is now 100 ₸ per kilogram cheaper.',
    ),
    body: t(
      'Мы заключили договор с новым авиаперевозчиком на маршруте Урумчи — Алматы. Экономию передаём клиентам: тариф в пунктах на Толе би и в Аксае снижен с 1 990 до 1 890 ₸ за килограмм.\n\nНовый тариф применяется ко всем посылкам, которые прибыли в пункт выдачи после публикации этой новости. Сроки доставки не изменились.',
      'Біз Үрімжі — Алматы бағытында жаңа әуе тасымалдаушысымен келісімшарт жасадық. Үнемделген қаржыны клиенттерге береміз: Төле би мен Ақсайдағы пункттердегі тариф килограмына 1 990-нан 1 890 ₸-ге дейін төмендеді.\n\nЖаңа тариф осы жаңалық жарияланғаннан кейін беру пунктіне келген барлық сәлемдемелерге қолданылады. Жеткізу мерзімі өзгерген жоқ.',
      'We have signed with a new air carrier on the Urumqi–Almaty route and are passing the saving on: the tariff at the Tole Bi and Aksai points drops from 1,990 to 1,890 ₸ per kilogram.\n\nThe new tariff applies to every parcel that reaches a pickup point after this announcement. Delivery times are unchanged.',
    ),
  },
  {
    daysAgo: 83,
    title: t('Новый личный кабинет', 'Жаңа жеке кабинет', 'Our new customer portal'),
    summary: t(
      'Адрес в Китае в одно касание, отслеживание посылок, уведомления и выдача по QR-коду.',
      'Қытайдағы мекенжай бір түртуде, сәлемдемелерді бақылау, хабарламалар және QR-код арқылы беру.',
      'Your China address in one tap, parcel tracking, notifications and QR pickup.',
    ),
    body: t(
      'Мы запустили новый личный кабинет. Теперь в нём можно:\n\n— скопировать свой адрес в Китае целиком или построчно;\n— добавить трек-коды и следить за статусом каждой посылки;\n— получать уведомления, когда посылка пришла на склад, отправлена и ждёт вас;\n— забирать посылки по QR-коду, без паспорта и очереди.\n\nКабинет работает на казахском, русском и английском языках, в светлой и тёмной теме.',
      'Біз жаңа жеке кабинетті іске қостық. Енді онда:\n\n— Қытайдағы мекенжайыңызды толығымен немесе жол-жолымен көшіруге;\n— трек-кодтарды қосып, әр сәлемдеменің мәртебесін қадағалауға;\n— сәлемдеме қоймаға келгенде, жіберілгенде және сізді күткенде хабарлама алуға;\n— сәлемдемелерді паспортсыз және кезексіз QR-код арқылы алуға болады.\n\nКабинет қазақ, орыс және ағылшын тілдерінде, ашық және қараңғы тақырыпта жұмыс істейді.',
      'We have launched a new customer portal. In it you can now:\n\n— copy your China address in full or line by line;\n— add tracking codes and follow the status of every parcel;\n— get notified when a parcel reaches the warehouse, ships and is waiting for you;\n— collect parcels with a QR code, with no passport and no queue.\n\nThe portal works in Kazakh, Russian and English, in light and dark themes.',
    ),
  },
  {
    daysAgo: 121,
    title: t('Аксай теперь работает без выходных', 'Ақсай енді демалыссыз жұмыс істейді', 'Aksai branch now open seven days a week'),
    summary: t(
      'Пункт выдачи в мкр. Аксай-4 открыт ежедневно с 10:00 до 20:00.',
      'Ақсай-4 ш/а беру пункті күн сайын 10:00-ден 20:00-ге дейін ашық.',
      'The Aksai-4 pickup point is now open daily from 10:00 to 20:00.',
    ),
    body: t(
      'По просьбам клиентов пункт выдачи в Аксае перешёл на ежедневный график: с 10:00 до 20:00 без перерыва и выходных.\n\nЗабрать посылку после работы или в воскресенье теперь можно без спешки. Пункт на Толе би работает по прежнему графику.',
      'Клиенттердің өтініші бойынша Ақсайдағы беру пункті күнделікті кестеге көшті: 10:00-ден 20:00-ге дейін үзіліссіз және демалыссыз.\n\nЕнді сәлемдемені жұмыстан кейін немесе жексенбіде асықпай алуға болады. Төле би пункті бұрынғы кестемен жұмыс істейді.',
      'At our customers’ request the Aksai pickup point has moved to a daily schedule: 10:00 to 20:00 with no breaks or days off.\n\nYou can now collect a parcel after work or on a Sunday without rushing. The Tole Bi point keeps its usual hours.',
    ),
  },
];

interface LessonSeed {
  title: TI18nText;
  description: TI18nText;
  cover: string;
  durationMinutes: number;
  steps: { title: TI18nText; body: TI18nText }[];
}

export const DEMO_LESSONS: LessonSeed[] = [
  {
    cover: '/lessons/register.svg',
    durationMinutes: 3,
    title: t(
      'Как зарегистрироваться и получить код клиента',
      'Қалай тіркеліп, клиент кодын алуға болады',
      'How to sign up and get your client code',
    ),
    description: t(
      'Регистрация по номеру телефона занимает пару минут. В конце вы получите личный код клиента.',
      'Телефон нөмірі арқылы тіркелу бірнеше минут алады. Соңында жеке клиент кодын аласыз.',
      'Signing up with your phone number takes a couple of minutes. At the end you get your personal client code.',
    ),
    steps: [
      {
        title: t('Введите номер телефона', 'Телефон нөмірін енгізіңіз', 'Enter your phone number'),
        body: t(
          'На странице входа нажмите «Регистрация» и введите номер мобильного телефона. На него придёт SMS с кодом из 6 цифр.\n\nИспользуйте номер, которым пользуетесь постоянно: по нему вы будете входить в кабинет и восстанавливать пароль.',
          'Кіру бетінде «Тіркелу» батырмасын басып, ұялы телефон нөміріңізді енгізіңіз. Оған 6 саннан тұратын коды бар SMS келеді.\n\nҮнемі қолданатын нөміріңізді пайдаланыңыз: ол арқылы кабинетке кіресіз және құпиясөзді қалпына келтіресіз.',
          'On the sign-in page tap "Register" and enter your mobile number. An SMS with a 6-digit code will arrive.\n\nUse the number you always carry: you will sign in and recover your password with it.',
        ),
      },
      {
        title: t('Подтвердите код из SMS', 'SMS-тегі кодты растаңыз', 'Confirm the SMS code'),
        body: t(
          'Введите код из SMS. Он действует 10 минут. Если SMS не пришло, через минуту можно запросить новый код.',
          'SMS-тегі кодты енгізіңіз. Ол 10 минут жарамды. SMS келмесе, бір минуттан кейін жаңа код сұрауға болады.',
          'Type in the code from the SMS. It is valid for 10 minutes. If no SMS arrives, you can ask for a new code after a minute.',
        ),
      },
      {
        title: t(
          'Заполните данные и выберите филиал',
          'Деректерді толтырып, филиалды таңдаңыз',
          'Fill in your details and choose a branch',
        ),
        body: t(
          'Укажите имя, фамилию, дату рождения и придумайте пароль не короче 6 символов.\n\nВыберите филиал — пункт выдачи, где вам удобно забирать посылки. Его можно поменять позже в профиле.',
          'Атыңызды, тегіңізді, туған күніңізді көрсетіп, кемінде 6 таңбадан тұратын құпиясөз ойлап табыңыз.\n\nФилиалды — сәлемдемелерді алуға ыңғайлы беру пунктін таңдаңыз. Оны кейін профильде ауыстыруға болады.',
          'Enter your first name, last name and date of birth, and choose a password of at least 6 characters.\n\nPick a branch — the pickup point where it suits you to collect parcels. You can change it later in your profile.',
        ),
      },
      {
        title: t('Запомните код клиента', 'Клиент кодын есте сақтаңыз', 'Note your client code'),
        body: t(
          'После регистрации вам присваивается код клиента, например KZ-10457. Он указан в профиле и уже подставлен в ваш адрес в Китае.\n\nИменно по этому коду склад узнаёт ваши посылки, поэтому он должен быть в каждом заказе.',
          'Тіркелгеннен кейін сізге клиент коды беріледі, мысалы KZ-10457. Ол профильде көрсетілген және Қытайдағы мекенжайыңызға қойылған.\n\nҚойма сәлемдемелеріңізді дәл осы код арқылы таниды, сондықтан ол әр тапсырыста болуы керек.',
          'Once registered you get a client code, such as KZ-10457. It is shown in your profile and already filled into your China address.\n\nThis code is how the warehouse recognises your parcels, so it must be on every order.',
        ),
      },
    ],
  },
  {
    cover: '/lessons/china-address.svg',
    durationMinutes: 2,
    title: t('Где найти свой адрес в Китае', 'Қытайдағы мекенжайды қайдан табуға болады', 'Where to find your China address'),
    description: t(
      'Ваш личный адрес склада в Гуанчжоу — в одно касание с главной страницы.',
      'Гуанчжоудағы қойманың жеке мекенжайы — басты беттен бір түртуде.',
      'Your personal Guangzhou warehouse address, one tap away on the home page.',
    ),
    steps: [
      {
        title: t('Откройте главную страницу', 'Басты бетті ашыңыз', 'Open the home page'),
        body: t(
          'Войдите в кабинет. На главной странице найдите блок «Ваш адрес в Китае»: получатель, телефон, провинция, город, район, улица и индекс.',
          'Кабинетке кіріңіз. Басты беттен «Қытайдағы мекенжайыңыз» блогын табыңыз: алушы, телефон, провинция, қала, аудан, көше және индекс.',
          'Sign in. On the home page find the "Your China address" block: recipient, phone, province, city, district, street and postcode.',
        ),
      },
      {
        title: t('Скопируйте адрес', 'Мекенжайды көшіріңіз', 'Copy the address'),
        body: t(
          'Нажмите на значок копирования рядом со строкой, чтобы скопировать только её, или «Скопировать всё», чтобы забрать адрес целиком.\n\nВ форме адреса маркетплейса вставляйте каждую строку в соответствующее поле.',
          'Тек сол жолды көшіру үшін оның жанындағы көшіру белгішесін, ал мекенжайды толығымен алу үшін «Барлығын көшіру» батырмасын басыңыз.\n\nМаркетплейстің мекенжай формасында әр жолды тиісті өріске қойыңыз.',
          'Tap the copy icon beside a line to copy just that line, or "Copy all" to take the whole address.\n\nIn the marketplace address form, paste each line into its matching field.',
        ),
      },
      {
        title: t('Проверьте код клиента', 'Клиент кодын тексеріңіз', 'Check your client code'),
        body: t(
          'В строке получателя и в адресе должен стоять ваш код клиента. Без него посылка попадёт в «неопознанные», и её поиск займёт время.\n\nНе переводите и не сокращайте адрес: склад работает с китайскими службами доставки.',
          'Алушы жолында және мекенжайда клиент кодыңыз тұруы керек. Онсыз сәлемдеме «анықталмағандарға» түседі, оны іздеу уақыт алады.\n\nМекенжайды аудармаңыз және қысқартпаңыз: қойма қытайлық жеткізу қызметтерімен жұмыс істейді.',
          'Your client code must appear in the recipient line and in the address. Without it the parcel ends up "unidentified" and finding it takes time.\n\nDo not translate or shorten the address: the warehouse works with Chinese courier services.',
        ),
      },
    ],
  },
  {
    cover: '/lessons/marketplaces.svg',
    durationMinutes: 7,
    title: t(
      'Как покупать на Taobao, 1688, Pinduoduo и Poizon',
      'Taobao, 1688, Pinduoduo және Poizon-нан қалай сатып алуға болады',
      'How to buy on Taobao, 1688, Pinduoduo and Poizon',
    ),
    description: t(
      'От установки приложения до трек-кода: добавляем адрес, выбираем продавца и оплачиваем заказ.',
      'Қосымшаны орнатудан трек-кодқа дейін: мекенжай қосамыз, сатушыны таңдаймыз және тапсырысты төлейміз.',
      'From installing the app to the tracking code: add the address, choose a seller and pay for the order.',
    ),
    steps: [
      {
        title: t('Установите приложение и зарегистрируйтесь', 'Қосымшаны орнатып, тіркеліңіз', 'Install the app and sign up'),
        body: t(
          'Скачайте приложение маркетплейса из App Store или Google Play. Регистрация проходит по вашему казахстанскому или кыргызскому номеру — китайский номер не нужен.\n\nВ приложениях есть встроенный перевод страниц товаров на русский.',
          'Маркетплейс қосымшасын App Store немесе Google Play-ден жүктеп алыңыз. Тіркелу қазақстандық немесе қырғызстандық нөміріңіз арқылы өтеді — қытайлық нөмір қажет емес.\n\nҚосымшаларда тауар беттерін орысшаға аударатын кірістірілген аудармашы бар.',
          'Download the marketplace app from the App Store or Google Play. You sign up with your Kazakh or Kyrgyz number — no Chinese number needed.\n\nThe apps have built-in translation of product pages.',
        ),
      },
      {
        title: t('Добавьте адрес доставки', 'Жеткізу мекенжайын қосыңыз', 'Add the delivery address'),
        body: t(
          'В настройках адресов создайте новый адрес. Получателя, телефон, улицу и индекс вставьте из блока «Ваш адрес в Китае».\n\nПровинцию, город и район выберите из списка: Гуандун → Гуанчжоу → Байюнь.',
          'Мекенжай баптауларында жаңа мекенжай жасаңыз. Алушыны, телефонды, көшені және индексті «Қытайдағы мекенжайыңыз» блогынан қойыңыз.\n\nПровинцияны, қаланы және ауданды тізімнен таңдаңыз: Гуандун → Гуанчжоу → Байюнь.',
          'In the address settings create a new address. Paste the recipient, phone, street and postcode from the "Your China address" block.\n\nPick the province, city and district from the lists: Guangdong → Guangzhou → Baiyun.',
        ),
      },
      {
        title: t('Выберите надёжного продавца', 'Сенімді сатушыны таңдаңыз', 'Choose a reliable seller'),
        body: t(
          'Смотрите на рейтинг магазина, количество продаж и отзывы с фото. Выбирайте товары с бесплатной доставкой по Китаю — так посылка быстрее дойдёт до склада.\n\nНа Poizon каждый товар проходит проверку подлинности, на Tmall продают официальные магазины брендов.',
          'Дүкен рейтингіне, сатылым санына және суреті бар пікірлерге қараңыз. Қытай ішінде тегін жеткізілетін тауарларды таңдаңыз — сәлемдеме қоймаға тезірек жетеді.\n\nPoizon-да әр тауар түпнұсқалыққа тексеріледі, Tmall-да брендтердің ресми дүкендері сатады.',
          'Look at the store rating, the number of sales and reviews with photos. Prefer items with free shipping inside China — the parcel reaches the warehouse sooner.\n\nOn Poizon every item is checked for authenticity; on Tmall you buy from official brand stores.',
        ),
      },
      {
        title: t('Оплатите заказ', 'Тапсырысты төлеңіз', 'Pay for the order'),
        body: t(
          'Оплатить можно картой Visa или Mastercard, привязанной к Alipay. Перед оплатой ещё раз проверьте, что выбран адрес с вашим кодом клиента.',
          'Alipay-ге байланыстырылған Visa немесе Mastercard картасымен төлеуге болады. Төлер алдында клиент кодыңыз бар мекенжай таңдалғанын тағы бір рет тексеріңіз.',
          'You can pay with a Visa or Mastercard linked to Alipay. Before paying, check once more that the address with your client code is selected.',
        ),
      },
      {
        title: t('Скопируйте трек-код', 'Трек-кодты көшіріңіз', 'Copy the tracking code'),
        body: t(
          'Когда продавец отправит заказ, в деталях заказа появится раздел «Логистика» с трек-кодом китайской службы доставки (например, YT2345678901234 или SF1234567890). Скопируйте его — он понадобится в следующем уроке.',
          'Сатушы тапсырысты жібергенде, тапсырыс мәліметтерінде қытайлық жеткізу қызметінің трек-коды бар «Логистика» бөлімі пайда болады (мысалы, YT2345678901234 немесе SF1234567890). Оны көшіріп алыңыз — ол келесі сабақта керек болады.',
          'Once the seller ships, the order details show a "Logistics" section with the Chinese courier\'s tracking code (for example YT2345678901234 or SF1234567890). Copy it — you will need it in the next lesson.',
        ),
      },
    ],
  },
  {
    cover: '/lessons/tracking.svg',
    durationMinutes: 2,
    title: t('Как добавить трек-код', 'Трек-кодты қалай қосуға болады', 'How to add a tracking code'),
    description: t(
      'Трек-код связывает посылку с вашим аккаунтом и включает уведомления о статусах.',
      'Трек-код сәлемдемені аккаунтыңызбен байланыстырып, мәртебелер туралы хабарламаларды қосады.',
      'A tracking code links the parcel to your account and switches on status notifications.',
    ),
    steps: [
      {
        title: t('Откройте раздел «Заказы»', '«Тапсырыстар» бөлімін ашыңыз', 'Open Orders'),
        body: t(
          'В меню выберите «Заказы» и нажмите «Добавить трек-код».',
          'Мәзірден «Тапсырыстар» бөлімін таңдап, «Трек-код қосу» батырмасын басыңыз.',
          'Choose Orders in the menu and tap "Add tracking code".',
        ),
      },
      {
        title: t('Вставьте трек-код и название', 'Трек-код пен атауын қойыңыз', 'Paste the code and a name'),
        body: t(
          'Вставьте трек-код из маркетплейса и коротко назовите покупку, например «Кроссовки Li-Ning». Название видно только вам и помогает не путать посылки.',
          'Маркетплейстен трек-кодты қойып, сатып алған тауарды қысқаша атаңыз, мысалы «Li-Ning кроссовкалары». Атауды тек сіз көресіз, ол сәлемдемелерді шатастырмауға көмектеседі.',
          'Paste the tracking code from the marketplace and give the purchase a short name, such as "Li-Ning sneakers". Only you see the name; it helps you tell parcels apart.',
        ),
      },
      {
        title: t('Следите за статусами', 'Мәртебелерді қадағалаңыз', 'Follow the statuses'),
        body: t(
          'Как только склад примет посылку, она появится в заказах со статусом «На складе в Китае», затем «В пути» и «В пункте выдачи». О каждом шаге придёт уведомление.',
          'Қойма сәлемдемені қабылдаған бойда ол тапсырыстарда «Қытайдағы қоймада» мәртебесімен пайда болады, кейін «Жолда» және «Беру пунктінде». Әр қадам туралы хабарлама келеді.',
          'As soon as the warehouse receives the parcel it appears in Orders as "At China warehouse", then "In transit" and "At pickup point". You are notified at every step.',
        ),
      },
    ],
  },
  {
    cover: '/lessons/pickup.svg',
    durationMinutes: 3,
    title: t(
      'Как получить посылку в пункте выдачи',
      'Сәлемдемені беру пунктінде қалай алуға болады',
      'How to collect a parcel at a pickup point',
    ),
    description: t(
      'QR-код вместо паспорта: приходите, показываете экран и уходите с посылкой.',
      'Паспорттың орнына QR-код: келесіз, экранды көрсетесіз және сәлемдемемен кетесіз.',
      'A QR code instead of a passport: come in, show your screen and leave with your parcel.',
    ),
    steps: [
      {
        title: t('Дождитесь статуса «В пункте выдачи»', '«Беру пунктінде» мәртебесін күтіңіз', 'Wait for "At pickup point"'),
        body: t(
          'Когда посылка прибудет, придёт уведомление. В карточке заказа будут вес и сумма к оплате. Часы работы пункта — на странице «Филиалы».',
          'Сәлемдеме келгенде хабарлама түседі. Тапсырыс карточкасында салмағы мен төленетін сома көрсетіледі. Пункттің жұмыс уақыты — «Филиалдар» бетінде.',
          'When the parcel arrives you get a notification. The order card shows the weight and the amount to pay. Opening hours are on the Branches page.',
        ),
      },
      {
        title: t('Покажите QR-код', 'QR-кодты көрсетіңіз', 'Show your QR code'),
        body: t(
          'Откройте вкладку «QR» и покажите экран сотруднику. Он отсканирует код и увидит все ваши посылки, которые ждут выдачи.',
          '«QR» қойындысын ашып, экранды қызметкерге көрсетіңіз. Ол кодты сканерлеп, беруді күтіп тұрған барлық сәлемдемелеріңізді көреді.',
          'Open the QR tab and show the screen to the staff member. They scan it and see every parcel of yours that is waiting.',
        ),
      },
      {
        title: t('Оплатите и проверьте посылку', 'Төлеп, сәлемдемені тексеріңіз', 'Pay and check the parcel'),
        body: t(
          'Сумма = вес × тариф филиала. Оплатите наличными, картой или по QR. Осмотрите посылку, не выходя из пункта: если есть повреждения, сотрудник сразу составит акт.\n\nБесплатно посылка хранится 10–14 дней, срок указан на странице филиала.',
          'Сома = салмақ × филиал тарифі. Қолма-қол ақшамен, картамен немесе QR арқылы төлеңіз. Сәлемдемені пункттен шықпай тексеріңіз: зақым болса, қызметкер бірден акт толтырады.\n\nСәлемдеме тегін 10–14 күн сақталады, мерзімі филиал бетінде көрсетілген.',
          'Amount = weight × the branch tariff. Pay by cash, card or QR. Inspect the parcel before you leave: if anything is damaged, the staff member writes a report on the spot.\n\nParcels are stored free for 10–14 days; the exact period is on the branch page.',
        ),
      },
    ],
  },
];

async function isEmpty(
  db: DbOrTx,
  table: typeof marketplaces | typeof prohibitedItems | typeof faqs | typeof news | typeof lessons,
): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).limit(1);
  return rows.length === 0;
}

/** Demo content: marketplaces, prohibited items, FAQs, news and lessons, each inserted only into an empty table. */
export async function seedContent(db: DbOrTx): Promise<void> {
  if (await isEmpty(db, marketplaces)) await db.insert(marketplaces).values(DEMO_MARKETPLACES);
  if (await isEmpty(db, prohibitedItems)) {
    await db.insert(prohibitedItems).values(DEMO_PROHIBITED_ITEMS.map((item, i) => ({ ...item, position: i + 1 })));
  }
  if (await isEmpty(db, faqs)) await db.insert(faqs).values(DEMO_FAQS.map((faq, i) => ({ ...faq, position: i + 1 })));
  if (await isEmpty(db, news)) {
    const now = Date.now();
    await db
      .insert(news)
      .values(DEMO_NEWS.map(({ daysAgo, ...item }) => ({ ...item, publishedAt: new Date(now - daysAgo * DAY_MS - 9 * 3600 * 1000) })));
  }
  if (await isEmpty(db, lessons)) {
    await db.transaction(async (tx) => {
      for (const [i, { steps, ...lesson }] of DEMO_LESSONS.entries()) {
        const [row] = await tx
          .insert(lessons)
          .values({ ...lesson, position: i + 1 })
          .returning({ id: lessons.id });
        if (!row) throw new Error('lesson was not inserted');
        await tx.insert(lessonSteps).values(steps.map((step, j) => ({ ...step, lessonId: row.id, position: j + 1 })));
      }
    });
  }
}
