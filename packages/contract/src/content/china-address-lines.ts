/** The lines of a China address, in the order a marketplace's address form asks for them. */
export const CHINA_ADDRESS_LINES = ['recipient', 'phone', 'province', 'city', 'district', 'street', 'postcode'] as const;
export type TChinaAddressLine = (typeof CHINA_ADDRESS_LINES)[number];
