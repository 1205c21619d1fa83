import Type, { type Static } from 'typebox';
import { Str } from '../params.js';

/** billing_address[...] and shipping_address[...] as requests send them. */
export const AddressInput = Type.Object({
  first_name: Type.Optional(Str(150)),
  last_name: Type.Optional(Str(150)),
  email: Type.Optional(Str(70)),
  company: Type.Optional(Str(250)),
  phone: Type.Optional(Str(50)),
  line1: Type.Optional(Str(150)),
  line2: Type.Optional(Str(150)),
  line3: Type.Optional(Str(150)),
  city: Type.Optional(Str(50)),
  state_code: Type.Optional(Str(50)),
  state: Type.Optional(Str(50)),
  zip: Type.Optional(Str(20)),
  country: Type.Optional(Str(50)),
});
export type AddressInput = Static<typeof AddressInput>;

export type Address = AddressInput & { object: 'billing_address' | 'shipping_address'; validation_status: 'not_validated' };
