/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sha256.h: SHA-256 (FIPS 180-4), for the Content-Security-Policy of the
   HTML report: the page allows exactly its own style sheet and script, named
   by their hashes, so that nothing injected into it could run. */
#ifndef CG_SHA256_H
#define CG_SHA256_H

#include <stddef.h>
#include <stdint.h>

void cg_sha256(const void *data, size_t n, uint8_t digest[32]);
/* `sha256-BASE64` as a CSP source expression names a digest; out needs 52
   bytes. */
void cg_csp_hash(const char *data, size_t n, char out[52]);

#endif
