import type { TLang } from '@portal/contract';

/**
 * The SMS an admin's phone change sends to the new number, one text per language (the customer's account language):
 * what happened, and how to get in — the same password, or "Forgot your password?" for a new one by a code to this number.
 */
export const PHONE_CHANGED_BY_STAFF: Record<TLang, string> = {
  ru: '{site}: номер вашего аккаунта {code} изменён на этот по вашей просьбе. Входите с этим номером и прежним паролем. Не помните пароль — нажмите «Забыли пароль?» на странице входа, код придёт на этот номер.',
  kk: '{site}: {code} аккаунтыңыздың нөмірі сіздің өтінішіңіз бойынша осы нөмірге ауыстырылды. Осы нөмірмен және бұрынғы құпиясөзбен кіріңіз. Құпиясөзді ұмытсаңыз, кіру бетінде «Құпиясөзді ұмыттыңыз ба?» түймесін басыңыз, код осы нөмірге келеді.',
  en: '{site}: the number of your account {code} was changed to this one at your request. Sign in with this number and your password. Forgot it? Tap "Forgot your password?" on the sign-in page and a code comes to this number.',
};
