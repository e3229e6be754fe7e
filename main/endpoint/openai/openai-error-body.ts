/** OpenAI's error kinds, as its clients read them. */
export type OpenaiErrorType = 'invalid_request_error' | 'not_found_error' | 'server_error';

export interface OpenaiError {
  status: number;
  type: OpenaiErrorType;
  message: string;
  param?: string | null;
  code?: string | null;
}

/** The `{error: {...}}` body OpenAI answers failures with. */
export const openaiErrorBody = (error: OpenaiError) => ({
  error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code ?? null },
});
