/* SPDX-License-Identifier: MIT */
/*
 * ioctl_count.so: an LD_PRELOAD shim that counts what a KMS program sends to
 * the virtio_gpu driver, for bench/kms/run.sh and tests/vm/test_kms.sh.
 *
 * It wraps ioctl(2) and counts, per process:
 *   - DRM_IOCTL_VIRTGPU_EXECBUFFER calls and their command bytes (`size`);
 *   - RESOURCE_CREATE(_BLOB), TRANSFER_TO_HOST / FROM_HOST, WAIT;
 *   - presents: drmModeSetCrtc with a framebuffer, drmModePageFlip, and
 *     drmModeAtomicCommit without TEST_ONLY.
 * "steady" figures run from the first present to the last one, so that
 * start-up (shader compiles, buffer uploads) stays out of the per-frame
 * numbers: steady_frames = presents - 1, and steady_* are the counts between
 * those two presents.
 *
 * Environment:
 *   KMS_IOCTL_OUT    file the totals are appended to at exit, one line of
 *                    key=value words per process (default: stderr)
 *   KMS_IOCTL_READY  file created once KMS_IOCTL_READY_AFTER presents were
 *                    made: a sign that the program is putting frames on the
 *                    screen (the VM test takes its screenshots after it)
 *   KMS_IOCTL_READY_AFTER  default 10
 *   KMS_IOCTL_READY_SUBMITS  N: the ready file comes after N submissions
 *                    (EXECBUFFER) instead, for a program that makes no KMS
 *                    presents: a compositor's client, whose frames are
 *                    submissions
 *   KMS_IOCTL_PROGRESS  file that holds the number of presents so far,
 *                    rewritten at each one (the VM test waits on weston
 *                    with it: a compositor presents only when something
 *                    changed, so a count that stops rising means "drawn");
 *                    with KMS_IOCTL_READY_SUBMITS, the submissions so far
 *                    (a compositor's client: the VM test asserts that it
 *                    kept drawing while the screenshots were taken)
 *   KMS_IOCTL_MAX_MODE  WxH: drmModeGetConnector shows the program only the
 *                    modes that fit in WxH. glmark2-es2-drm has no mode
 *                    option and takes the largest mode, and QEMU's EDID
 *                    lists modes up to 5120x2160; with this it renders at the
 *                    1280x800 the other programs use (their preferred mode)
 *
 * Requests are matched by their type and number only, not by the argument
 * size encoded in the request: virtgpu_drm.h has grown over time, and a
 * driver may be built against another version than the system header.
 * The totals are written by a destructor, so a process that is killed or
 * calls _exit() writes none.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include <drm.h>
#include <drm_mode.h>
#include <virtgpu_drm.h>

enum counter {
    C_EXECBUF,
    C_EXECBUF_BYTES,
    C_RES_CREATE,
    C_RES_CREATE_BLOB,
    C_TRANSFER_TO,
    C_TRANSFER_FROM,
    C_WAIT,
    C_COUNT
};

static const char *const counter_names[C_COUNT] = {
    [C_EXECBUF] = "execbuf",
    [C_EXECBUF_BYTES] = "execbuf_bytes",
    [C_RES_CREATE] = "res_create",
    [C_RES_CREATE_BLOB] = "res_create_blob",
    [C_TRANSFER_TO] = "transfer_to_host",
    [C_TRANSFER_FROM] = "transfer_from_host",
    [C_WAIT] = "wait",
};

static struct {
    pthread_mutex_t lock;
    uint64_t count[C_COUNT];
    uint64_t presents, setcrtc, page_flips, atomic_commits;
    /* the counters at the first and at the latest present */
    uint64_t first[C_COUNT], last[C_COUNT];
    double t_first, t_last;
} st = { .lock = PTHREAD_MUTEX_INITIALIZER };

typedef int (*ioctl_fn)(int, unsigned long, ...);
static ioctl_fn real_ioctl;

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int is_drm(unsigned long req, unsigned nr)
{
    return _IOC_TYPE(req) == DRM_IOCTL_BASE && _IOC_NR(req) == nr;
}

static int is_virtgpu(unsigned long req, unsigned cmd)
{
    return is_drm(req, DRM_COMMAND_BASE + cmd);
}

/* A present: the frame the program hands to KMS. */
static int is_present(unsigned long req, const void *arg)
{
    if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_PAGE_FLIP)))
        return 1;
    if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_SETCRTC)))
        return ((const struct drm_mode_crtc *)arg)->fb_id != 0;
    if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_ATOMIC)))
        return !(((const struct drm_mode_atomic *)arg)->flags & DRM_MODE_ATOMIC_TEST_ONLY);
    return 0;
}

static void write_progress(uint64_t presents)
{
    static int fd = -2;
    char buf[24];
    int n;

    if (fd == -2) {
        const char *path = getenv("KMS_IOCTL_PROGRESS");

        fd = path && *path ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    }
    if (fd < 0)
        return;
    n = snprintf(buf, sizeof(buf), "%llu\n", (unsigned long long)presents);
    if (pwrite(fd, buf, n, 0) != n)
        fd = -1;
}

static void signal_ready(void)
{
    const char *path = getenv("KMS_IOCTL_READY");
    int fd;

    if (!path || !*path)
        return;
    fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0)
        close(fd);
}

static uint64_t ready_after(void)
{
    const char *s = getenv("KMS_IOCTL_READY_AFTER");

    return s && *s ? strtoull(s, NULL, 10) : 10;
}

/* KMS_IOCTL_READY_SUBMITS, or 0 when presents decide */
static uint64_t ready_submits(void)
{
    const char *s = getenv("KMS_IOCTL_READY_SUBMITS");

    return s && *s ? strtoull(s, NULL, 10) : 0;
}

/* KMS_IOCTL_MAX_MODE: drops the larger modes from a GETCONNECTOR answer
 * that carries modes. libdrm asks twice (counts, then arrays) and retries
 * only when a count grew, so a smaller count_modes is taken as it is. */
static void filter_modes(struct drm_mode_get_connector *c, uint32_t room)
{
    const char *s = getenv("KMS_IOCTL_MAX_MODE");
    struct drm_mode_modeinfo *m = (struct drm_mode_modeinfo *)(uintptr_t)c->modes_ptr;
    unsigned w, h;
    uint32_t i, n = 0;

    if (!s || sscanf(s, "%ux%u", &w, &h) != 2 || !m || c->count_modes > room)
        return;
    for (i = 0; i < c->count_modes; i++) {
        if (m[i].hdisplay <= w && m[i].vdisplay <= h)
            m[n++] = m[i];
    }
    c->count_modes = n;
}

/* Called with the lock held, after a successful ioctl. */
static int account(unsigned long req, const void *arg)
{
    if (is_virtgpu(req, DRM_VIRTGPU_EXECBUFFER)) {
        st.count[C_EXECBUF]++;
        /* `size` follows `flags` in every version of the struct */
        st.count[C_EXECBUF_BYTES] += ((const struct drm_virtgpu_execbuffer *)arg)->size;
        if (ready_submits())
            write_progress(st.count[C_EXECBUF]);
        return st.count[C_EXECBUF] == ready_submits();
    } else if (is_virtgpu(req, DRM_VIRTGPU_RESOURCE_CREATE)) {
        st.count[C_RES_CREATE]++;
#ifdef DRM_VIRTGPU_RESOURCE_CREATE_BLOB
    } else if (is_virtgpu(req, DRM_VIRTGPU_RESOURCE_CREATE_BLOB)) {
        st.count[C_RES_CREATE_BLOB]++;
#endif
    } else if (is_virtgpu(req, DRM_VIRTGPU_TRANSFER_TO_HOST)) {
        st.count[C_TRANSFER_TO]++;
    } else if (is_virtgpu(req, DRM_VIRTGPU_TRANSFER_FROM_HOST)) {
        st.count[C_TRANSFER_FROM]++;
    } else if (is_virtgpu(req, DRM_VIRTGPU_WAIT)) {
        st.count[C_WAIT]++;
    } else if (is_present(req, arg)) {
        if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_PAGE_FLIP)))
            st.page_flips++;
        else if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_SETCRTC)))
            st.setcrtc++;
        else
            st.atomic_commits++;
        st.t_last = now();
        memcpy(st.last, st.count, sizeof(st.count));
        if (st.presents++ == 0) {
            st.t_first = st.t_last;
            memcpy(st.first, st.count, sizeof(st.count));
        }
        write_progress(st.presents);
        return !ready_submits() && st.presents == ready_after();
    }
    return 0;
}

int ioctl(int fd, unsigned long req, ...)
{
    va_list ap;
    void *arg;
    int ret, ready = 0;

    va_start(ap, req);
    arg = va_arg(ap, void *);
    va_end(ap);
    if (!real_ioctl) {
        real_ioctl = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
        if (!real_ioctl) {
            errno = ENOSYS;
            return -1;
        }
    }
    if (is_drm(req, _IOC_NR(DRM_IOCTL_MODE_GETCONNECTOR)) && arg) {
        uint32_t room = ((struct drm_mode_get_connector *)arg)->count_modes;

        ret = real_ioctl(fd, req, arg);
        if (ret == 0)
            filter_modes(arg, room);
        return ret;
    }
    ret = real_ioctl(fd, req, arg);
    if (ret == 0 && _IOC_TYPE(req) == DRM_IOCTL_BASE && arg) {
        int saved = errno;

        pthread_mutex_lock(&st.lock);
        ready = account(req, arg);
        pthread_mutex_unlock(&st.lock);
        if (ready)
            signal_ready();
        errno = saved;
    }
    return ret;
}

static long max_rss_kb(void)
{
    struct rusage ru;

    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

static void print_totals(FILE *f)
{
    uint64_t frames = st.presents ? st.presents - 1 : 0;
    int i;

    fprintf(f, "ioctl_count pid=%d comm=%s presents=%llu setcrtc=%llu page_flips=%llu atomic_commits=%llu",
            (int)getpid(), program_invocation_short_name, (unsigned long long)st.presents,
            (unsigned long long)st.setcrtc, (unsigned long long)st.page_flips,
            (unsigned long long)st.atomic_commits);
    for (i = 0; i < C_COUNT; i++)
        fprintf(f, " %s=%llu", counter_names[i], (unsigned long long)st.count[i]);
    fprintf(f, " steady_frames=%llu steady_s=%.6f", (unsigned long long)frames,
            frames ? st.t_last - st.t_first : 0.0);
    /* what the run cost in memory: the process's peak resident set */
    fprintf(f, " max_rss_kb=%ld", max_rss_kb());
    for (i = 0; i < C_COUNT; i++)
        fprintf(f, " steady_%s=%llu", counter_names[i],
                (unsigned long long)(st.last[i] - st.first[i]));
    fputc('\n', f);
}

__attribute__((destructor)) static void write_totals(void)
{
    const char *path = getenv("KMS_IOCTL_OUT");
    FILE *f = NULL;

    pthread_mutex_lock(&st.lock);
    if (path && *path)
        f = fopen(path, "ae");
    print_totals(f ? f : stderr);
    if (f)
        fclose(f);
    pthread_mutex_unlock(&st.lock);
}
