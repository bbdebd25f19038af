import { REGISTRO_RDA } from './registro.js';

/**
 * The linter's registry as the Markdown of docs/rda-documentos.md (kept in sync by a test): the
 * table of codes, then what the IHCE platform was seen to do with those that record it (`visto`).
 */
export function tablaCodigosRda(): string {
  const lineas = ['| Código | Severidad | Dato | Hallazgo | Tipos |', '|---|---|---|---|---|'];
  for (const r of REGISTRO_RDA)
    lineas.push(
      `| ${r.codigo} | ${r.severidad} | ${r.campo} | ${r.titulo.replace(/\|/g, '\\|')} | ${r.tipos ? r.tipos.join(', ') : 'todos'} |`,
    );
  const vistos = REGISTRO_RDA.filter((r) => r.visto);
  if (vistos.length) {
    lineas.push('', 'Lo que la plataforma hizo en el tráfico capturado (campo `visto` del registro):', '');
    for (const r of vistos) lineas.push(`- **${r.codigo}** (${r.severidad}): ${r.visto}`);
  }
  return `${lineas.join('\n')}\n`;
}
