// Spain's provinces by the first two digits of the postal code (the INE province code), for
// Facturae's Province when the address names none. Names in Spanish, at most 20 characters
// (TextMax20Type): Santa Cruz de Tenerife is written as Facturae's own examples shorten it.

const PROVINCES: readonly string[] = [
  'Araba/Álava', 'Albacete', 'Alicante', 'Almería', 'Ávila', 'Badajoz', 'Illes Balears', 'Barcelona', 'Burgos', 'Cáceres',
  'Cádiz', 'Castellón', 'Ciudad Real', 'Córdoba', 'A Coruña', 'Cuenca', 'Girona', 'Granada', 'Guadalajara', 'Gipuzkoa',
  'Huelva', 'Huesca', 'Jaén', 'León', 'Lleida', 'La Rioja', 'Lugo', 'Madrid', 'Málaga', 'Murcia',
  'Navarra', 'Ourense', 'Asturias', 'Palencia', 'Las Palmas', 'Pontevedra', 'Salamanca', 'S.C. Tenerife', 'Cantabria', 'Segovia',
  'Sevilla', 'Soria', 'Tarragona', 'Teruel', 'Toledo', 'Valencia', 'Valladolid', 'Bizkaia', 'Zamora', 'Zaragoza',
  'Ceuta', 'Melilla',
];

/** The province of a five-digit Spanish postal code, or undefined when the code is not one. */
export function provinceOf(postCode: string): string | undefined {
  if (!/^[0-9]{5}$/.test(postCode)) return undefined;
  return PROVINCES[Number(postCode.slice(0, 2)) - 1];
}
