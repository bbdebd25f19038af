import { REGISTRO_RDA } from './registro.js';

/** The linter's registry as the Markdown table of docs/rda-documentos.md (kept in sync by a test). */
export function tablaCodigosRda(): string {
  const lineas = ['| Código | Severidad | Dato | Hallazgo | Tipos |', '|---|---|---|---|---|'];
  for (const r of REGISTRO_RDA)
    lineas.push(
      `| ${r.codigo} | ${r.severidad} | ${r.campo} | ${r.titulo.replace(/\|/g, '\\|')} | ${r.tipos ? r.tipos.join(', ') : 'todos'} |`,
    );
  return `${lineas.join('\n')}\n`;
}
