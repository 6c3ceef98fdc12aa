// Renders /openapi.json. "Try it out" sends requests as the signed-in user (same-origin
// cookie); writes need the X-CSRF-Token header from GET /auth/session, set under Authorize.
window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  requestInterceptor: (request) => {
    request.headers.Accept = request.headers.Accept || 'application/json';
    return request;
  },
});
