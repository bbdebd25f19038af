import type { NextFunction, Request, RequestHandler, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { type ErrorApp, errores } from '../errores/errores.js';
import { aRespuesta } from '../errores/http.js';

export interface OpcionesLimitesTasa {
  ipPorMinuto: number;
  entidadPorMinuto: number;
  /** Called once per refused request (metrics). */
  alLimitar?: (limite: 'ip' | 'entidad') => void;
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since one
 * client usually holds a whole /64 and could otherwise change address for every request.
 */
export function claveIp(ip: string | undefined): string {
  if (!ip) return 'desconocida';
  const sinZona = ip.split('%')[0]!;
  if (!ipaddr.isValid(sinZona)) return sinZona.slice(0, 64);
  const dir = ipaddr.parse(sinZona);
  if (dir.kind() === 'ipv4') return dir.toString();
  const v6 = dir as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/** Whole seconds until the window frees a request (at least 1: a Retry-After of 0 invites a retry storm). */
export function segundosParaReintentar(msAntesDelSiguiente: number): number {
  return Math.max(1, Math.ceil(msAntesDelSiguiente / 1000));
}

/**
 * Requests per minute per client address (before authentication: it also slows credential
 * guessing) and per entity (after). Counters live in this instance's memory: with N instances
 * behind a balancer a client gets up to N times the figure. A fixed window of 60 s per key.
 */
export class LimitesTasa {
  private readonly ip: RateLimiterMemory;
  private readonly entidad: RateLimiterMemory;

  constructor(private readonly o: OpcionesLimitesTasa) {
    this.ip = new RateLimiterMemory({ points: o.ipPorMinuto, duration: 60 });
    this.entidad = new RateLimiterMemory({ points: o.entidadPorMinuto, duration: 60 });
  }

  /** Resolves when the request may go on; the refusal otherwise. */
  private async consumir(
    limitador: RateLimiterMemory,
    clave: string,
    limite: 'ip' | 'entidad',
  ): Promise<ErrorApp | undefined> {
    try {
      await limitador.consume(clave);
      return undefined;
    } catch (r) {
      // The memory store never fails; anything but a refusal lets the request through.
      if (!(r instanceof RateLimiterRes)) return undefined;
      this.o.alLimitar?.(limite);
      const segundos = segundosParaReintentar(r.msBeforeNext);
      return limite === 'ip'
        ? errores.demasiadasSolicitudes(
            `desde esta dirección (máximo ${this.o.ipPorMinuto} por minuto)`,
            segundos,
          )
        : errores.demasiadasSolicitudes(
            `de la entidad (máximo ${this.o.entidadPorMinuto} por minuto)`,
            segundos,
          );
    }
  }

  /** Express middleware: 429 with Retry-After once the client's address used up its minute. */
  porIp(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      this.consumir(this.ip, claveIp(req.ip), 'ip').then((e) => {
        if (!e) {
          next();
          return;
        }
        const { status, body, headers } = aRespuesta(e);
        res.set(headers).status(status).json(body);
      }, next);
    };
  }

  /** Throws the 429 once the entity used up its minute (both doors call it after authenticating). */
  async porEntidad(entidadId: string): Promise<void> {
    const e = await this.consumir(this.entidad, entidadId, 'entidad');
    if (e) throw e;
  }
}
