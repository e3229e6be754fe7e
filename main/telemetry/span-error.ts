import { SpanStatusCode, type Attributes, type Span } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE, ATTR_EXCEPTION_MESSAGE, ATTR_EXCEPTION_TYPE } from '@opentelemetry/semantic-conventions';

/**
 * How a failure shows on a span: an error status with the message, `error.type`, and an
 * `exception` event at the time it happened (the conventions' shape for recorded exceptions).
 * `type` says whose failure it was: the op's own error, a host fault, the brain's error, ...;
 * `where` places it (the brain's file, line and column).
 */
export function failSpan(span: Span, type: string, message: string, time: number, where: Attributes = {}): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.setAttribute(ATTR_ERROR_TYPE, type);
  span.addEvent('exception', { [ATTR_EXCEPTION_TYPE]: type, [ATTR_EXCEPTION_MESSAGE]: message, ...where }, time);
}
