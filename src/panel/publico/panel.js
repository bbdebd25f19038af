// The compliance panel: one GraphQL query (the <script type="application/graphql"> of the page) drawn
// as charts with Chart.js, each with a table and a text summary. Plain browser script, no build step:
// served as a file so the page's Content-Security-Policy allows only this origin's scripts.
(() => {
  const CLAVE_SESION = 'motor-panel-credencial';
  const $ = (id) => document.getElementById(id);
  // Made after the data request has left (end of this file): the first Intl formatters of a page load
  // their locale data, about 40 ms of the script's run in bench:panel's trace.
  let numero;
  let pesos;
  let porcentaje;
  function prepararFormatos() {
    numero = new Intl.NumberFormat('es-CO');
    pesos = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
    porcentaje = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });
  }

  // Outcomes as the service names them (GraphQL enums): legend label, words for the text summary,
  // colour and fill pattern;
  // the pattern keeps the outcomes apart when printed in grayscale.
  const ESTADOS = {
    rips: [
      ['RADICADO', 'Radicado (con CUV)', 'radicadas con CUV', '#1e3a8a', 'solido'],
      ['RECHAZADO', 'Rechazado por el MUV', 'rechazadas por el MUV', '#b91c1c', 'rayas'],
      [
        'RECHAZADO_LOCAL',
        'Rechazado en la compuerta local',
        'rechazadas en la compuerta local',
        '#f59e0b',
        'puntos',
      ],
      ['FALLIDO', 'Fallido (el MUV no respondió)', 'fallidas (el MUV no respondió)', '#4b5563', 'cruz'],
      ['PENDIENTE', 'Pendiente', 'pendientes', '#d1d5db', 'solido'],
    ],
    rda: [
      ['ACEPTADO', 'Aceptado (con VIDA)', 'aceptadas con VIDA', '#1e3a8a', 'solido'],
      ['RECHAZADO', 'Rechazado por la IHCE', 'rechazadas por la IHCE', '#b91c1c', 'rayas'],
      ['GENERADO', 'Bloqueado por el linter', 'bloqueadas por el linter', '#f59e0b', 'puntos'],
      ['ENVIADO', 'Enviado, esperando respuesta', 'esperando respuesta', '#d1d5db', 'solido'],
      ['VALIDADO', 'Validado, por enviar', 'validadas, por enviar', '#93c5fd', 'rayasInversas'],
    ],
  };
  for (const m of Object.keys(ESTADOS))
    ESTADOS[m] = ESTADOS[m].map(([estado, nombre, enTexto, color, forma]) => ({
      estado,
      nombre,
      enTexto,
      color,
      forma,
    }));
  // Rejected attempts, as the service counts them for `proporcion` (docs/resumen.md).
  const RECHAZOS = { rips: ['RECHAZADO', 'RECHAZADO_LOCAL'], rda: ['RECHAZADO', 'GENERADO'] };
  const NOMBRE_MODULO = { rips: 'radicaciones', rda: 'transmisiones' };
  const NOMBRE_MODULO_UNO = { rips: 'radicación', rda: 'transmisión' };
  const TIPOS_RDA = {
    PACIENTE: 'Paciente',
    CONSULTA_EXTERNA: 'Consulta externa',
    HOSPITALIZACION: 'Hospitalización',
    URGENCIAS: 'Urgencias',
  };
  const FUENTES = {
    LINTER_LOCAL: 'Compuerta local',
    MUV: 'MUV',
    LINTER_RDA: 'Linter RDA',
    VALIDADOR_HL7: 'Validador HL7',
    IHCE: 'IHCE',
  };
  const CLASES_PAGADOR = {
    PERSONA_NATURAL: 'Persona natural',
    SIN_PAGADOR: 'Sin pagador',
    OTROS: 'Otros pagadores',
  };
  const LEER = { rips: 'RIPS_LEER', rda: 'RDA_LEER' };
  const MAX_BARRAS = 10;

  // Chart.js is inserted by this script once the data request has left (end of this file; the page
  // preloads it), so its compilation overlaps the server's answer instead of delaying the request.
  const scriptGraficos = document.createElement('script');
  scriptGraficos.src = 'recursos/chart.js/chart.umd.min.js';
  const sinBiblioteca = () => new Error('No se pudo cargar la biblioteca de gráficos (recursos/chart.js).');
  const bibliotecaGraficos = new Promise((listo, fallo) => {
    scriptGraficos.onload = () => {
      if (typeof Chart === 'undefined') return fallo(sinBiblioteca());
      Chart.defaults.font.family = 'system-ui, sans-serif';
      Chart.defaults.color = '#111827';
      listo();
    };
    scriptGraficos.onerror = () => fallo(sinBiblioteca());
  });
  // Reported when a request needs it; never an unhandled rejection before that.
  bibliotecaGraficos.catch(() => {});

  const graficos = new Map();
  let solicitud = 0;
  let enCurso;
  let datos;
  let primerGrafico = false;

  // ---- credential, kept for the tab only ----

  function credencial() {
    return sessionStorage.getItem(CLAVE_SESION);
  }

  /** An API key goes in X-Api-Key; a bearer token (a JWT, or typed with «Bearer ») in Authorization. */
  function cabecerasAcceso(c) {
    if (/^bearer\s+/i.test(c)) return { Authorization: `Bearer ${c.replace(/^bearer\s+/i, '')}` };
    if (c.split('.').length === 3) return { Authorization: `Bearer ${c}` };
    return { 'X-Api-Key': c };
  }

  function mostrarAcceso(mensaje) {
    sessionStorage.removeItem(CLAVE_SESION);
    $('acceso').hidden = false;
    $('filtros').hidden = true;
    $('vistas').hidden = true;
    $('salir').hidden = true;
    $('entidad').textContent = '';
    estado(mensaje ?? '');
    $('credencial').focus();
  }

  // ---- dates: days of Colombia, as the service counts them ----

  /** Today in Colombia: UTC−5 all year (no daylight saving since 1993), without loading time-zone data. */
  const hoyColombia = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

  function sumarDias(fecha, dias) {
    const d = new Date(`${fecha}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + dias);
    return d.toISOString().slice(0, 10);
  }

  /** Last 90 days by week: to tomorrow (today included), as `GET /resumen` takes its end. */
  function filtrosPorDefecto() {
    const manana = sumarDias(hoyColombia(), 1);
    return { desde: sumarDias(manana, -90), hasta: manana, agrupar: 'SEMANA', modulo: '' };
  }

  function filtrosDeLaUrl() {
    const p = new URLSearchParams(location.search);
    const f = filtrosPorDefecto();
    const fecha = /^\d{4}-\d{2}-\d{2}$/;
    if (fecha.test(p.get('desde') ?? '')) f.desde = p.get('desde');
    if (fecha.test(p.get('hasta') ?? '')) f.hasta = p.get('hasta');
    const agrupar = (p.get('agrupar') ?? '').toUpperCase();
    if (['DIA', 'SEMANA', 'MES'].includes(agrupar)) f.agrupar = agrupar;
    const modulo = (p.get('modulo') ?? '').toUpperCase();
    if (['RIPS', 'RDA'].includes(modulo)) f.modulo = modulo;
    return f;
  }

  function filtrosDelFormulario() {
    return {
      desde: $('desde').value,
      hasta: $('hasta').value,
      agrupar: $('agrupar').value,
      modulo: $('modulo').value,
    };
  }

  function ponerFiltros(f) {
    $('desde').value = f.desde;
    $('hasta').value = f.hasta;
    $('agrupar').value = f.agrupar;
    $('modulo').value = f.modulo;
  }

  /** The same filters as `GET /resumen` query parameters (REST spells values in lower case). */
  function parametrosRest(f) {
    const p = new URLSearchParams({ desde: f.desde, hasta: f.hasta, agrupar: f.agrupar.toLowerCase() });
    if (f.modulo) p.set('modulo', f.modulo.toLowerCase());
    return p;
  }

  // ---- requests ----

  function estado(texto, error) {
    const e = $('estado');
    e.textContent = texto;
    e.classList.toggle('error', !!error);
  }

  class ErrorAcceso extends Error {}
  class ErrorRed extends Error {}

  /** fetch, with a failure to reach the service told apart from a bug of this page. */
  async function pedir(url, opciones) {
    try {
      return await fetch(url, opciones);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ErrorRed(e.message);
    }
  }

  async function pedirGraphql(variables, senal) {
    const r = await pedir('graphql', {
      method: 'POST',
      headers: {
        ...cabecerasAcceso(credencial()),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ query: $('consulta-panel').textContent, operationName: 'Panel', variables }),
      signal: senal,
    });
    let cuerpo;
    try {
      cuerpo = await r.json();
    } catch {
      throw new Error(`El servicio respondió ${r.status} sin JSON.`);
    }
    const primero = cuerpo.errors?.[0];
    if (r.status === 401 || primero?.extensions?.code === 'UNAUTHENTICATED') {
      throw new ErrorAcceso(primero?.message ?? 'Credencial no válida.');
    }
    if (primero) throw new Error(primero.message);
    if (!r.ok) throw new Error(`El servicio respondió ${r.status}.`);
    return cuerpo.data;
  }

  async function cargar() {
    const f = filtrosDelFormulario();
    if (!f.desde || !f.hasta || f.hasta <= f.desde) {
      estado('«Hasta» debe ser posterior a «Desde».', true);
      return;
    }
    history.replaceState(null, '', `?${parametrosRest(f)}`);
    // Only the latest range is drawn: an earlier answer arriving late is dropped.
    const mia = ++solicitud;
    performance.mark('panel:pedido');
    enCurso?.abort();
    enCurso = new AbortController();
    $('acceso').hidden = true;
    $('filtros').hidden = false;
    $('salir').hidden = false;
    document.body.setAttribute('aria-busy', 'true');
    document.documentElement.dataset.panel = 'cargando';
    estado('Cargando cifras…');
    try {
      const variables = { desde: f.desde, hasta: f.hasta, agrupar: f.agrupar, modulo: f.modulo || null };
      const d = await pedirGraphql(variables, enCurso.signal);
      if (mia !== solicitud) return;
      performance.measure('panel:consulta', 'panel:pedido');
      datos = d;
      $('vistas').hidden = false;
      $('entidad').textContent = d.sesion.entidad.nombre;
      await bibliotecaGraficos;
      if (mia !== solicitud) return;
      const dibujo = await dibujar(d, f, () => mia === solicitud);
      if (dibujo === 'obsoleto') return;
      if (dibujo === 'sin-modulos')
        estado('Su rol no puede leer ninguno de los dos módulos (rips:leer, rda:leer).', true);
      else
        estado(
          `Cifras del ${d.resumen.desde} al ${sumarDias(d.resumen.hasta, -1)} (días de Colombia), por ${nombreAgrupar(f.agrupar)}.`,
        );
      // For bench/panel.ts: from the request to every view drawn.
      performance.measure('panel:cambio', 'panel:pedido');
      document.documentElement.dataset.panel = 'listo';
    } catch (e) {
      if (mia !== solicitud || e.name === 'AbortError') return;
      document.documentElement.dataset.panel = 'error';
      if (e instanceof ErrorAcceso) return mostrarAcceso(`No se pudo entrar: ${e.message}`);
      estado(e instanceof ErrorRed ? 'No se pudo contactar el servicio.' : e.message, true);
    } finally {
      if (mia === solicitud) document.body.removeAttribute('aria-busy');
    }
  }

  function nombreAgrupar(a) {
    return { DIA: 'día', SEMANA: 'semana', MES: 'mes' }[a];
  }

  // ---- drawing ----

  const patrones = new Map();

  /** A fill pattern, made once per colour and shape: every redraw reuses it. */
  function patron(color, forma) {
    if (forma === 'solido') return color;
    const clave = `${color} ${forma}`;
    if (!patrones.has(clave)) patrones.set(clave, hacerPatron(color, forma));
    return patrones.get(clave);
  }

  function hacerPatron(color, forma) {
    const c = document.createElement('canvas');
    c.width = 8;
    c.height = 8;
    const x = c.getContext('2d');
    x.fillStyle = color;
    x.fillRect(0, 0, 8, 8);
    x.strokeStyle = 'rgba(255,255,255,0.85)';
    x.fillStyle = 'rgba(255,255,255,0.85)';
    x.lineWidth = 2;
    x.beginPath();
    if (forma === 'rayas') {
      x.moveTo(0, 8);
      x.lineTo(8, 0);
    } else if (forma === 'rayasInversas') {
      x.moveTo(0, 0);
      x.lineTo(8, 8);
    } else if (forma === 'cruz') {
      x.moveTo(4, 0);
      x.lineTo(4, 8);
      x.moveTo(0, 4);
      x.lineTo(8, 4);
    }
    x.stroke();
    if (forma === 'puntos') {
      x.beginPath();
      x.arc(4, 4, 1.6, 0, Math.PI * 2);
      x.fill();
    }
    return x.createPattern(c, 'repeat');
  }

  function grafico(id, configuracion, descripcion) {
    graficos.get(id)?.destroy();
    const lienzo = $(id);
    lienzo.setAttribute('aria-label', descripcion);
    configuracion.options = {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      ...configuracion.options,
    };
    graficos.set(id, new Chart(lienzo, configuracion));
    if (!primerGrafico) {
      primerGrafico = true;
      performance.mark('panel:primer-grafico');
    }
  }

  /** A table from column definitions; every number cell keeps its raw value in data-valor. */
  function tabla(contenedor, titulo, columnas, filas) {
    const t = document.createElement('table');
    const cap = document.createElement('caption');
    cap.textContent = titulo;
    t.append(cap);
    const cabeza = t.createTHead().insertRow();
    for (const c of columnas) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c.titulo;
      if (c.numero) th.className = 'num';
      cabeza.append(th);
    }
    const cuerpo = t.createTBody();
    for (const f of filas) {
      const tr = cuerpo.insertRow();
      columnas.forEach((c, i) => {
        const celda = document.createElement(i === 0 ? 'th' : 'td');
        if (i === 0) celda.scope = 'row';
        const v = c.valor(f);
        if (v instanceof Node) celda.append(v);
        else celda.textContent = c.formato ? c.formato(v) : (v ?? '—');
        if (c.numero) {
          celda.className = 'num';
          celda.dataset.valor = v === null || v === undefined ? '' : String(v);
        }
        if (c.clave) celda.dataset.columna = c.clave;
        tr.append(celda);
      });
      if (f.clave) tr.dataset.clave = f.clave;
    }
    $(contenedor).replaceChildren(t);
  }

  /** A number column read from the row's field of the same name. */
  const columnaNumero = (titulo, clave, formato) => ({
    titulo,
    valor: (f) => f[clave],
    formato,
    numero: true,
    clave,
  });

  const cantidadDe = (porEstado, e) => porEstado.find((x) => x.estado === e)?.cantidad ?? 0;
  const tasaDe = (modulo, p) =>
    p.total > 0 ? RECHAZOS[modulo].reduce((a, e) => a + cantidadDe(p.porEstado, e), 0) / p.total : null;
  const fmtTasa = (v) => (v === null || v === undefined ? '—' : porcentaje.format(v));

  /** Lets the browser paint (a frame, or 50 ms in a hidden tab, where frames do not run). */
  const cuadro = () =>
    new Promise((listo) => {
      requestAnimationFrame(() => setTimeout(listo, 0));
      setTimeout(listo, 50);
    });

  /**
   * Every view, the first one first: the browser paints between views, so the first chart shows
   * before the rest are drawn. Stops when a newer request started meanwhile.
   */
  async function dibujar(d, f, vigente) {
    const r = d.resumen;
    const permisos = new Set(d.sesion.permisos);
    for (const m of ['rips', 'rda']) {
      const opcion = $('modulo').querySelector(`option[value="${m.toUpperCase()}"]`);
      opcion.disabled = !permisos.has(LEER[m]);
      for (const el of document.querySelectorAll(`[data-modulo="${m}"]:not(button)`)) el.hidden = !r[m];
    }
    $('vista-causas').hidden = !r.rips && !r.rda;
    $('detalle-causa').hidden = true;
    if (!r.rips && !r.rda) return 'sin-modulos';
    const pasos = [];
    for (const m of ['rips', 'rda']) if (r[m]) pasos.push(() => dibujarSerie(m, r[m], f));
    for (const m of ['rips', 'rda']) if (r[m]) pasos.push(() => dibujarCausas(m, r[m].causas));
    if (r.rips) pasos.push(() => dibujarPagadores(r.rips.montos));
    if (r.rda) pasos.push(() => dibujarTiempos(r.rda));
    for (const [i, paso] of pasos.entries()) {
      if (i > 0) {
        await cuadro();
        if (!vigente()) return 'obsoleto';
      }
      paso();
    }
    return 'completo';
  }

  function dibujarSerie(modulo, m, f) {
    const serie = m.serie ?? [];
    const estados = ESTADOS[modulo];
    const etiquetas = serie.map((p) => p.periodo);
    const tasas = serie.map((p) => tasaDe(modulo, p));
    grafico(
      `grafico-serie-${modulo}`,
      {
        type: 'bar',
        data: {
          labels: etiquetas,
          datasets: [
            ...estados.map((e) => ({
              label: e.nombre,
              data: serie.map((p) => cantidadDe(p.porEstado, e.estado)),
              backgroundColor: patron(e.color, e.forma),
              borderColor: '#111827',
              borderWidth: 1,
              stack: 'desenlace',
              // Legend entries as squares of the fill; the rate line keeps its diamond.
              pointStyle: 'rect',
              yAxisID: 'y',
              order: 2,
            })),
            {
              type: 'line',
              label: 'Tasa de rechazo',
              data: tasas.map((t) => (t === null ? null : Math.round(t * 1000) / 10)),
              borderColor: '#111827',
              backgroundColor: '#111827',
              borderDash: [6, 4],
              borderWidth: 2,
              pointStyle: 'rectRot',
              pointRadius: 4,
              spanGaps: true,
              yAxisID: 'tasa',
              order: 1,
            },
          ],
        },
        options: {
          plugins: { legend: { labels: { usePointStyle: true } } },
          scales: {
            x: { stacked: true, title: { display: true, text: `Período (${nombreAgrupar(f.agrupar)})` } },
            y: {
              stacked: true,
              beginAtZero: true,
              ticks: { precision: 0 },
              title: { display: true, text: NOMBRE_MODULO[modulo] },
            },
            tasa: {
              position: 'right',
              min: 0,
              max: 100,
              grid: { drawOnChartArea: false },
              title: { display: true, text: 'Tasa de rechazo (%)' },
            },
          },
        },
      },
      `Gráfico de barras apiladas: ${NOMBRE_MODULO[modulo]} por período y desenlace, con la tasa de rechazo como línea. El resumen y la tabla dan las mismas cifras.`,
    );
    tabla(
      `tabla-serie-${modulo}`,
      `${modulo === 'rips' ? 'Radicaciones RIPS' : 'Transmisiones RDA'} por período y desenlace`,
      [
        { titulo: 'Período (inicio)', valor: (p) => p.periodo, clave: 'periodo' },
        ...estados.map((e) => ({
          titulo: e.nombre,
          valor: (p) => cantidadDe(p.porEstado, e.estado),
          formato: numero.format,
          numero: true,
          clave: e.estado,
        })),
        columnaNumero('Total', 'total', numero.format),
        {
          titulo: 'Tasa de rechazo',
          valor: (p) => tasaDe(modulo, p),
          formato: fmtTasa,
          numero: true,
          clave: 'tasa',
        },
      ],
      serie.map((p) => ({ ...p, clave: p.periodo })),
    );
    $(`texto-serie-${modulo}`).textContent = textoSerie(modulo, m, serie, tasas);
  }

  function textoSerie(modulo, m, serie, tasas) {
    const partes = ESTADOS[modulo]
      .map((e) => [e.enTexto, cantidadDe(m.porEstado, e.estado)])
      .filter(([, n]) => n > 0)
      .map(([nombre, n]) => `${nombre}: ${numero.format(n)}`);
    const nombre = m.total === 1 ? NOMBRE_MODULO_UNO[modulo] : NOMBRE_MODULO[modulo];
    let texto = `${numero.format(m.total)} ${nombre} en el período${partes.length ? ` (${partes.join('; ')})` : ''}.`;
    const conDatos = serie.map((p, i) => [p.periodo, tasas[i]]).filter(([, t]) => t !== null);
    if (conDatos.length >= 2) {
      const [p0, t0] = conDatos[0];
      const [p1, t1] = conDatos[conDatos.length - 1];
      const sentido = t1 < t0 ? 'bajó' : t1 > t0 ? 'subió' : 'se mantuvo';
      texto += ` La tasa de rechazo ${sentido}: ${fmtTasa(t0)} en el período del ${p0} y ${fmtTasa(t1)} en el del ${p1}.`;
    } else if (conDatos.length === 1) {
      texto += ` Tasa de rechazo: ${fmtTasa(conDatos[0][1])}.`;
    }
    return texto;
  }

  function dibujarCausas(modulo, causas) {
    const top = causas.slice(0, MAX_BARRAS);
    const id = `grafico-causas-${modulo}`;
    // About 32 px per bar: a short list does not stretch into giant bars.
    $(id).parentElement.style.height = `${80 + 36 * Math.max(1, top.length)}px`;
    grafico(
      id,
      {
        type: 'bar',
        data: {
          labels: top.map((c) => c.codigo),
          datasets: [
            {
              label: 'Intentos rechazados',
              data: top.map((c) => c.intentos),
              backgroundColor: patron('#b91c1c', 'rayas'),
              borderColor: '#111827',
              borderWidth: 1,
            },
          ],
        },
        options: {
          indexAxis: 'y',
          scales: {
            x: {
              beginAtZero: true,
              ticks: { precision: 0 },
              title: { display: true, text: 'Intentos rechazados' },
            },
          },
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items) => `${top[items[0].dataIndex].codigo}: ${top[items[0].dataIndex].titulo}`,
              },
            },
          },
          onClick: (_e, elementos) => {
            if (elementos[0]) verCausa(top[elementos[0].index], modulo);
          },
        },
      },
      `Gráfico de barras: las ${top.length} causas de rechazo de ${modulo.toUpperCase()} con más intentos. La tabla siguiente da las mismas cifras y la explicación de cada una.`,
    );
    tabla(
      `tabla-causas-${modulo}`,
      `Causas de rechazo de ${modulo.toUpperCase()}`,
      [
        { titulo: 'Código', valor: (c) => c.codigo, clave: 'codigo' },
        { titulo: 'Regla', valor: (c) => c.titulo, clave: 'titulo' },
        { titulo: 'Quién rechazó', valor: (c) => FUENTES[c.fuente] ?? c.fuente, clave: 'fuente' },
        columnaNumero('Intentos', 'intentos', numero.format),
        columnaNumero('Documentos', 'documentos', numero.format),
        columnaNumero('Parte de los rechazos', 'proporcion', fmtTasa),
        {
          titulo: 'Cómo corregir',
          valor: (c) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'secundario';
            b.textContent = `Ver ${c.codigo}`;
            // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
            b.setAttribute('aria-label', `Ver ${c.codigo}: qué significa y cómo corregirlo`);
            b.addEventListener('click', () => verCausa(c, modulo));
            return b;
          },
        },
      ],
      top.map((c) => ({ ...c, clave: `${c.fuente}|${c.codigo}` })),
    );
    const total = causas.reduce((a, c) => a + c.intentos, 0);
    $(`texto-causas-${modulo}`).textContent = top.length
      ? `${causas.length} reglas rechazaron ${modulo.toUpperCase()} en el período. La más frecuente es ${top[0].codigo} (${top[0].titulo}): ${numero.format(top[0].intentos)} intentos, ${fmtTasa(top[0].proporcion)} de los rechazos. Entre todas suman ${numero.format(total)} menciones.`
      : `Ninguna regla rechazó ${modulo.toUpperCase()} en el período.`;
  }

  function verCausa(c, modulo) {
    const d = $('detalle-causa');
    const h = document.createElement('h3');
    h.textContent = `${c.codigo} — ${c.titulo}`;
    const meta = document.createElement('p');
    meta.className = 'ayuda';
    meta.textContent = `${modulo.toUpperCase()} · ${FUENTES[c.fuente] ?? c.fuente} · ${numero.format(c.intentos)} intentos`;
    const que = document.createElement('p');
    const b1 = document.createElement('strong');
    b1.textContent = 'Qué significa: ';
    que.append(b1, c.explicacion);
    const como = document.createElement('p');
    const b2 = document.createElement('strong');
    b2.textContent = 'Cómo corregirlo en el sistema de origen: ';
    como.append(b2, c.comoCorregir);
    d.replaceChildren(h, meta, que, como);
    d.dataset.codigo = c.codigo;
    d.hidden = false;
    d.focus();
  }

  /** Top 10 payers by money at stake; the rest (and the service's own «otros») folded into one bar. */
  function pagadoresVisibles(lista) {
    const propios = lista.filter((p) => p.clase !== 'OTROS');
    const top = propios.slice(0, MAX_BARRAS);
    const resto = [...propios.slice(MAX_BARRAS), ...lista.filter((p) => p.clase === 'OTROS')];
    if (!resto.length) return top;
    const suma = (k) => resto.reduce((a, p) => a + p[k], 0);
    return [
      ...top,
      {
        clase: 'OTROS',
        pagador: null,
        nombre: `Otros pagadores (${resto.length})`,
        radicado: suma('radicado'),
        radicados: suma('radicados'),
        retenido: suma('retenido'),
        retenidos: suma('retenidos'),
        resto: resto.length,
      },
    ];
  }

  const nombrePagador = (p) => p.nombre ?? p.pagador ?? CLASES_PAGADOR[p.clase] ?? p.clase;

  function dibujarPagadores(montos) {
    const filas = pagadoresVisibles(montos.porPagador);
    $('grafico-pagadores').parentElement.style.height = `${100 + 44 * Math.max(1, filas.length)}px`;
    grafico(
      'grafico-pagadores',
      {
        type: 'bar',
        data: {
          labels: filas.map(nombrePagador),
          datasets: [
            {
              label: 'Radicado (pesos)',
              data: filas.map((p) => p.radicado),
              backgroundColor: '#1e3a8a',
              borderColor: '#111827',
              borderWidth: 1,
              stack: 'dinero',
            },
            {
              label: 'Retenido por rechazos (pesos)',
              data: filas.map((p) => p.retenido),
              backgroundColor: patron('#b91c1c', 'rayas'),
              borderColor: '#111827',
              borderWidth: 1,
              stack: 'dinero',
            },
          ],
        },
        options: {
          indexAxis: 'y',
          scales: {
            x: { stacked: true, beginAtZero: true, ticks: { callback: (v) => pesos.format(v) } },
            y: { stacked: true },
          },
          plugins: { tooltip: { callbacks: { label: (i) => `${i.dataset.label}: ${pesos.format(i.raw)}` } } },
        },
      },
      'Gráfico de barras apiladas: dinero radicado y retenido por pagador, los 10 con más dinero en juego y el resto sumado. La tabla da las mismas cifras.',
    );
    tabla(
      'tabla-pagadores',
      'Dinero radicado y retenido por pagador',
      [
        { titulo: 'Pagador', valor: nombrePagador, clave: 'nombre' },
        { titulo: 'NIT', valor: (p) => p.pagador ?? '—', clave: 'pagador' },
        columnaNumero('Radicado', 'radicado', pesos.format),
        columnaNumero('Documentos radicados', 'radicados', numero.format),
        columnaNumero('Retenido', 'retenido', pesos.format),
        columnaNumero('Documentos retenidos', 'retenidos', numero.format),
      ],
      filas.map((p) => ({ ...p, clave: p.pagador ?? p.clase })),
    );
    const masRetenido = [...filas]
      .filter((p) => p.clase !== 'OTROS')
      .sort((a, b) => b.retenido - a.retenido)[0];
    $('texto-pagadores').textContent =
      `En el período se radicaron ${pesos.format(montos.radicado)} (${numero.format(montos.radicados)} documentos) y quedaron retenidos por rechazos ${pesos.format(montos.retenido)} (${numero.format(montos.retenidos)} documentos).` +
      (masRetenido && masRetenido.retenido > 0
        ? ` El pagador con más dinero retenido es ${nombrePagador(masRetenido)}: ${pesos.format(masRetenido.retenido)}.`
        : '');
  }

  function duracion(ms) {
    if (ms === null || ms === undefined) return '—';
    if (ms < 1000) return `${numero.format(ms)} ms`;
    if (ms < 120_000) return `${numero.format(Math.round(ms / 100) / 10)} s`;
    if (ms < 7_200_000) return `${numero.format(Math.round(ms / 6000) / 10)} min`;
    return `${numero.format(Math.round(ms / 360_000) / 10)} h`;
  }

  function dibujarTiempos(rda) {
    const tipo = $('tipo-rda').value;
    const serie = (rda.serie ?? []).map((p) => {
      const t = tipo ? p.tiemposPorTipo.find((x) => x.tipo === tipo) : p.tiempos;
      return { periodo: p.periodo, aceptados: t.aceptados, p50Ms: t.p50Ms, p95Ms: t.p95Ms };
    });
    const segundos = (ms) => (ms === null ? null : ms / 1000);
    grafico(
      'grafico-tiempos',
      {
        type: 'line',
        data: {
          labels: serie.map((p) => p.periodo),
          datasets: [
            {
              label: 'p50 (la mitad tardó menos)',
              data: serie.map((p) => segundos(p.p50Ms)),
              borderColor: '#1e3a8a',
              backgroundColor: '#1e3a8a',
              borderWidth: 2,
              pointStyle: 'circle',
              pointRadius: 4,
              spanGaps: true,
            },
            {
              label: 'p95 (el 95 % tardó menos)',
              data: serie.map((p) => segundos(p.p95Ms)),
              borderColor: '#b91c1c',
              backgroundColor: '#b91c1c',
              borderDash: [6, 4],
              borderWidth: 2,
              pointStyle: 'triangle',
              pointRadius: 5,
              spanGaps: true,
            },
          ],
        },
        options: {
          scales: {
            y: { beginAtZero: true, title: { display: true, text: 'Segundos hasta la aceptación' } },
          },
          plugins: {
            legend: { labels: { usePointStyle: true } },
            tooltip: { callbacks: { label: (i) => `${i.dataset.label}: ${duracion(i.raw * 1000)}` } },
          },
        },
      },
      `Gráfico de líneas: tiempo desde el primer envío hasta la aceptación (p50 y p95) por período${tipo ? `, RDA de ${TIPOS_RDA[tipo]}` : ''}. La tabla da las mismas cifras.`,
    );
    tabla(
      'tabla-tiempos',
      `Tiempo hasta la aceptación por período${tipo ? ` (${TIPOS_RDA[tipo]})` : ''}`,
      [
        { titulo: 'Período (inicio)', valor: (p) => p.periodo, clave: 'periodo' },
        columnaNumero('Aceptados', 'aceptados', numero.format),
        columnaNumero('p50', 'p50Ms', duracion),
        columnaNumero('p95', 'p95Ms', duracion),
      ],
      serie.map((p) => ({ ...p, clave: p.periodo })),
    );
    tabla(
      'tabla-tipos',
      'Tiempo hasta la aceptación por tipo de RDA en todo el período',
      [
        { titulo: 'Tipo', valor: (t) => TIPOS_RDA[t.tipo] ?? t.tipo, clave: 'tipo' },
        columnaNumero('Aceptados', 'aceptados', numero.format),
        columnaNumero('p50', 'p50Ms', duracion),
        columnaNumero('p95', 'p95Ms', duracion),
        columnaNumero('Máximo', 'maxMs', duracion),
      ],
      [
        ...rda.tiemposPorTipo.map((t) => ({ ...t, clave: t.tipo })),
        { ...rda.tiempos, tipo: 'Todos', clave: 'TODOS' },
      ],
    );
    const t = rda.tiempos;
    $('texto-tiempos').textContent = t.aceptados
      ? `${numero.format(t.aceptados)} RDA aceptados en el período: la mitad en menos de ${duracion(t.p50Ms)}, el 95 % en menos de ${duracion(t.p95Ms)}; el más lento, ${duracion(t.maxMs)}.`
      : 'Ningún RDA creado en el período fue aceptado todavía.';
    const pend = rda.pendientes;
    const viejo = pend.masAntiguo;
    const p = $('pendientes');
    p.dataset.cantidad = String(pend.cantidad);
    p.textContent = pend.cantidad
      ? `${pend.cantidad === 1 ? 'Una transmisión espera' : `${numero.format(pend.cantidad)} transmisiones esperan`} respuesta de la IHCE. La más antigua (${TIPOS_RDA[viejo.tipo] ?? viejo.tipo}, ${viejo.estado.toLowerCase()}) se creó el ${new Date(viejo.creadoEn).toLocaleString('es-CO', { timeZone: 'America/Bogota' })} (hora de Colombia).`
      : 'Ninguna transmisión del período espera respuesta de la IHCE.';
  }

  // ---- CSV downloads: the existing `GET /resumen?formato=csv&vista=…` routes ----

  async function descargarCsv(boton) {
    const f = filtrosDelFormulario();
    const p = parametrosRest(f);
    if (boton.dataset.modulo && !f.modulo) p.set('modulo', boton.dataset.modulo);
    p.set('formato', 'csv');
    p.set('vista', boton.dataset.vista);
    estado('Preparando el CSV…');
    try {
      const r = await pedir(`resumen?${p}`, { headers: cabecerasAcceso(credencial()) });
      if (!r.ok) {
        const cuerpo = await r.json().catch(() => ({}));
        throw new Error(cuerpo.error ?? `El servicio respondió ${r.status}.`);
      }
      const nombre =
        /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') ?? '')?.[1] ??
        `resumen-${boton.dataset.vista}.csv`;
      const url = URL.createObjectURL(await r.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = nombre;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      estado(`CSV descargado: ${nombre}.`);
    } catch (e) {
      estado(
        `No se pudo descargar el CSV: ${e instanceof ErrorRed ? 'no se pudo contactar el servicio.' : e.message}`,
        true,
      );
    }
  }

  // ---- wiring ----

  $('form-acceso').addEventListener('submit', (e) => {
    e.preventDefault();
    const c = $('credencial').value.trim();
    if (!c) return;
    sessionStorage.setItem(CLAVE_SESION, c);
    $('credencial').value = '';
    cargar();
  });
  $('filtros').addEventListener('submit', (e) => {
    e.preventDefault();
    cargar();
  });
  $('salir').addEventListener('click', () => {
    for (const g of graficos.values()) g.destroy();
    graficos.clear();
    mostrarAcceso('Sesión cerrada.');
  });
  $('tipo-rda').addEventListener('change', () => {
    if (datos?.resumen.rda) dibujarTiempos(datos.resumen.rda);
  });
  for (const b of document.querySelectorAll('button.csv')) b.addEventListener('click', () => descargarCsv(b));
  // Charts drawn for the screen are resized to the page before printing.
  window.addEventListener('beforeprint', () => {
    for (const g of graficos.values()) g.resize();
  });

  ponerFiltros(filtrosDeLaUrl());
  if (credencial()) cargar();
  else mostrarAcceso();
  prepararFormatos();
  document.head.append(scriptGraficos);
})();
