/**
 * This browser's web-push subscription, when it has one: logout names its endpoint so the API drops the account's
 * subscription of it, then ends it here, so a shared computer does not show the account's messages to whoever signs
 * in next (ADR 050). Null where push is not supported or nothing is subscribed; never throws.
 */
export async function browserPushSubscription(): Promise<PushSubscription | null> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
    const registration = await navigator.serviceWorker.getRegistration('/');
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}
