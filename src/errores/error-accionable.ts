import { Field, Int } from 'type-graphql';
import { Enums } from '../graphql/enums.js';
import { TipoObjeto } from '../graphql/tipo-objeto.js';
import type { Fuente, SeveridadError } from './valores.js';

@TipoObjeto('UbicacionError', { description: 'Dónde está el problema, en términos del sistema de origen' })
export class UbicacionError {
  @Field(() => String, { nullable: true, description: 'Número de factura del RIPS' })
  factura!: string | null;

  @Field(() => Int, { nullable: true, description: 'Posición del usuario en `usuarios` (desde 0)' })
  usuarioIndex!: number | null;

  @Field(() => String, { nullable: true, description: 'Documento del paciente ("CC 123…")' })
  documentoUsuario!: string | null;

  @Field(() => Enums.TipoServicio, { nullable: true })
  tipoServicio!: string | null;

  @Field(() => Int, { nullable: true, description: 'Posición del servicio en su arreglo (desde 0)' })
  servicioIndex!: number | null;

  @Field(() => String, { nullable: true, description: 'Nombre del campo JSON' })
  campo!: string | null;

  @Field(() => String, { nullable: true, description: 'Nombre del campo para una persona' })
  campoNombre!: string | null;

  @Field(() => String, { nullable: true, description: 'Ruta en el documento (JSON o FHIR)' })
  ruta!: string | null;

  @Field(() => String, {
    description: 'Ubicación legible: "Factura … · Paciente CC … · Consulta 3 · Diagnóstico principal"',
  })
  descripcion!: string;
}

@TipoObjeto('ErrorAccionable', {
  description: 'Un hallazgo explicado: qué está mal, dónde y cómo corregirlo en el origen',
})
export class ErrorAccionable {
  @Field(() => String, {
    description: 'Código oficial de la regla (RVC042, FED123…) o propio (RDA05, CAT01…)',
  })
  codigo!: string;

  @Field(() => Enums.Severidad)
  severidad!: SeveridadError;

  @Field(() => Enums.Fuente)
  fuente!: Fuente;

  @Field(() => UbicacionError)
  ubicacion!: UbicacionError;

  @Field(() => String)
  titulo!: string;

  @Field(() => String)
  explicacion!: string;

  @Field(() => String)
  comoCorregir!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Mensaje oficial de la regla o texto original del sistema externo',
  })
  mensajeOriginal!: string | null;
}
