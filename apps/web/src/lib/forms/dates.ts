/** Today as YYYY-MM-DD (the latest date of birth a form accepts). */
export const todayIso = () => new Date().toISOString().slice(0, 10);
