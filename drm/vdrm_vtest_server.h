/* SPDX-License-Identifier: MIT */
/*
 * The embedded default: a virgl_test_server that virtgl starts itself on a
 * private socket when vtest is asked for and no server answers. One server
 * per process, shared by every device, stopped when the last one closes,
 * and by its keeper when the process dies (vdrm_vtest_keeper.h). Its
 * stdout and stderr go to server.log beside its socket, kept when it fails.
 */
#pragma once

#include <stddef.h>

#include "vdrm_result.h"

/* Starts the server if needed and writes its socket path. Counted. */
int vdrm_vtest_server_acquire(char *socket_path, size_t size, struct vdrm_error *err);
/* Drops one reference; the last one stops the server and removes its socket. */
void vdrm_vtest_server_release(void);
/* The same after a failed connection to it: the last one keeps the
 * server's log, and err's message says where it is. */
void vdrm_vtest_server_release_failed(struct vdrm_error *err);
