import { MESSAGES_RU } from '@portal/contract';

/**
 * The texts the shell and the sign-in screens need, loaded at start (one chunk), with the contract's validation
 * messages of this language alone as the `validation` namespace.
 */
const bundles = import.meta.glob<Record<string, unknown>>(['./ru/{common,errors,breadcrumbs,auth,account}.json'], {
  eager: true,
  import: 'default',
});
export default { ...bundles, 'validation.json': MESSAGES_RU };
