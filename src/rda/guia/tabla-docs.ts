import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { type Hecho, hechosDe } from './hechos.js';

const ABREV: Record<TipoRda, string> = {
  paciente: 'pac',
  'consulta-externa': 'cons',
  urgencias: 'urg',
  hospitalizacion: 'hosp',
};

/** Every fact of the guide table as the Markdown table docs/rda-documentos.md carries (kept in sync by a test). */
export function tablaReglasGuia(): string {
  const por = new Map<string, { h: Hecho; tipos: TipoRda[] }>();
  for (const t of TIPOS_RDA)
    for (const h of hechosDe(t)) {
      const k = `${h.codigo}|${h.perfil}|${h.que}`;
      const x = por.get(k);
      if (x) x.tipos.push(t);
      else por.set(k, { h, tipos: [t] });
    }
  const filas = [...por.values()].sort(
    (a, b) => a.h.perfil.localeCompare(b.h.perfil) || a.h.codigo.localeCompare(b.h.codigo),
  );
  const lineas = ['| Perfil | Código | Regla (lo que fija la guía) | Tipos de RDA |', '|---|---|---|---|'];
  for (const { h, tipos } of filas)
    lineas.push(
      `| ${h.perfil} | ${h.codigo} | ${h.que.replace(/\|/g, '\\|')} | ${tipos.length === TIPOS_RDA.length ? 'todos' : tipos.map((t) => ABREV[t]).join(', ')} |`,
    );
  return `${lineas.join('\n')}\n`;
}
