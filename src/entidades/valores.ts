/** Domain value lists, free of ORM/GraphQL imports so tooling (codegen) can load them. */
export const MODULOS = ['rips', 'rda'] as const;
export type Modulo = (typeof MODULOS)[number];

export const TIPOS_ENTIDAD = [
  'ips',
  'profesional-independiente',
  'transporte-especial',
  'objeto-social-diferente',
] as const;
export type TipoEntidad = (typeof TIPOS_ENTIDAD)[number];
