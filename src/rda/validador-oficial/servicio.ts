import { ErrorApp, errores } from '../../errores/errores.js';
import { PERFILES, tipoDelBundle } from '../perfiles.js';
import type { TipoRda } from '../tipos.js';
import { ColaUnica } from './cola.js';
import { terminarProcesos, validarConComando } from './comando.js';
import type { ConfigValidadorHl7 } from './config.js';
import { explicarOperationOutcome, type ResultadoOficial } from './explicar.js';
import { validarConServidor } from './servidor.js';

const objeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bundle profile to validate against: the given type, else what the bundle declares. */
export function perfilPara(bundle: Record<string, unknown>, tipo?: TipoRda): string {
  if (tipo) return PERFILES[tipo].bundle;
  const deducido = tipoDelBundle(bundle);
  if (!deducido)
    throw errores.entradaInvalida(
      'No se pudo saber qué perfil RDA aplicar: el Bundle no declara un perfil RDA ni su Composition un tipo LOINC conocido. Envíe «tipo».',
      [{ campo: 'tipo', mensaje: 'Indique paciente, consulta-externa, hospitalizacion o urgencias.' }],
    );
  return PERFILES[deducido].bundle;
}

/** The official HL7 validator integration: one run at a time per instance, bounded in time. */
export class ServicioValidadorOficial {
  private readonly cola: ColaUnica;

  constructor(private readonly config: ConfigValidadorHl7) {
    this.cola = new ColaUnica(config.modo === 'ninguno' ? 0 : config.colaMax);
  }

  get configurado(): boolean {
    return this.config.modo !== 'ninguno';
  }

  async validar(bundle: unknown, tipo?: TipoRda): Promise<ResultadoOficial & { perfil: string }> {
    const c = this.config;
    if (c.modo === 'ninguno')
      throw new ErrorApp(
        'upstream-no-configurado',
        'El validador oficial HL7 no está configurado en este entorno: defina RDA_VALIDADOR_JAR (validator_cli.jar con los paquetes de la guía) o RDA_VALIDADOR_URL (servidor con $validate). Mientras tanto use POST /rda/validar.',
      );
    if (!objeto(bundle) || bundle.resourceType !== 'Bundle')
      throw errores.entradaInvalida('Envíe el RDA como un Bundle FHIR en «bundle».', [
        { campo: 'bundle', mensaje: 'Debe ser un objeto JSON con resourceType "Bundle".' },
      ]);
    const perfil = perfilPara(bundle, tipo);
    const oo = await this.cola.ejecutar(() =>
      c.modo === 'comando' ? validarConComando(c, bundle, perfil) : validarConServidor(c, bundle, perfil),
    );
    return { ...explicarOperationOutcome(oo), perfil };
  }

  /** Ends any validator process still running (service shutdown). */
  detener(): void {
    terminarProcesos();
  }
}
