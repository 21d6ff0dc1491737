/** For comparing what a person types with a name: no accents, lower case ("Bogotá" ~ "bogota"). */
export const foldText = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
