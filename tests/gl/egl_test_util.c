/* SPDX-License-Identifier: MIT */
#include "egl_test_util.h"

#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "vtest_fixture.h"

static struct vtest_fixture server;
static char self_path[4096];

/* The build's vendor JSON, or VIRTGL_EGL_JSON's (the GPU host's bundle,
 * bench/gpu-host/tests.sh, where the build tree is not) */
const char *egl_test_json(void)
{
	const char *j = getenv("VIRTGL_EGL_JSON");

	return j && *j ? j : VIRTGL_EGL_JSON;
}

bool egl_test_on_drm(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");

	return t && strcmp(t, "drm") == 0;
}

pid_t egl_test_server_pid(void)
{
	return server.pid;
}

static int run_registered_child(const char *name)
{
	for (const struct egl_test_child *c = egl_test_children; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c->fn();
	fprintf(stderr, "no child named %s\n", name);
	return 2;
}

int egl_test_main(int argc, char **argv, Suite *(*make_suite)(void))
{
	int ret;

	if (argc == 3 && strcmp(argv[1], "--child") == 0)
		return run_registered_child(argv[2]);
	if (!realpath("/proc/self/exe", self_path))
		return EXIT_FAILURE;
	/* the server first: it renders with the host's EGL, so it must not
	 * inherit the vendor list that names only virtgl */
	if (!egl_test_on_drm()) {
		if (vtest_fixture_start(&server))
			return EXIT_FAILURE; /* no server is a failure, never a skip */
		setenv("VIRTGL_TRANSPORT", "vtest", 1);
		setenv("VIRTGL_VTEST_SOCKET", server.socket, 1);
	}
	/* libglvnd reads this once, at the first EGL call */
	setenv("__EGL_VENDOR_LIBRARY_FILENAMES", egl_test_json(), 1);
	ret = check_run(make_suite(), CK_VERBOSE);
	if (!egl_test_on_drm()) {
		if (ret)
			vtest_fixture_print_log(&server);
		vtest_fixture_stop(&server);
	}
	return ret;
}

int egl_test_run_child(const char *name, const char *const *env)
{
	char path_var[4096];
	char *envp[16];
	int n = 0, status;
	pid_t pid;

	snprintf(path_var, sizeof(path_var), "PATH=%s", getenv("PATH") ? getenv("PATH") : "/bin");
	envp[n++] = path_var;
	for (; env && *env && n < 15; env++)
		envp[n++] = (char *)*env;
	envp[n] = NULL;
	pid = fork();
	if (pid == 0) {
		char *args[] = { self_path, "--child", (char *)name, NULL };

		execve(self_path, args, envp);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* ---- EGL objects ---------------------------------------------------------------- */

EGLDisplay egl_test_display(void)
{
	EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY,
					       NULL);
	EGLint major = 0, minor = 0;

	ck_assert_ptr_ne(dpy, EGL_NO_DISPLAY);
	ck_assert_int_eq(eglInitialize(dpy, &major, &minor), EGL_TRUE);
	ck_assert_int_eq(major * 10 + minor, 15);
	return dpy;
}

EGLint egl_test_config_attrib(EGLDisplay dpy, EGLConfig config, EGLint attribute)
{
	EGLint v = -12345;

	ck_assert_int_eq(eglGetConfigAttrib(dpy, config, attribute, &v), EGL_TRUE);
	return v;
}

EGLConfig egl_test_config(EGLDisplay dpy, EGLint red, EGLint alpha, EGLint depth)
{
	EGLConfig configs[64], best = NULL;
	EGLint n = 0, stencil = -1;

	ck_assert_int_eq(eglGetConfigs(dpy, configs, 64, &n), EGL_TRUE);
	for (EGLint i = 0; i < n; i++)
		if (egl_test_config_attrib(dpy, configs[i], EGL_RED_SIZE) == red &&
		    egl_test_config_attrib(dpy, configs[i], EGL_ALPHA_SIZE) == alpha &&
		    egl_test_config_attrib(dpy, configs[i], EGL_DEPTH_SIZE) == depth &&
		    egl_test_config_attrib(dpy, configs[i], EGL_SAMPLES) == 0 &&
		    egl_test_config_attrib(dpy, configs[i], EGL_STENCIL_SIZE) > stencil) {
			best = configs[i];
			stencil = egl_test_config_attrib(dpy, best, EGL_STENCIL_SIZE);
		}
	ck_assert_msg(best, "no config with red %d alpha %d depth %d", red, alpha, depth);
	return best;
}

EGLContext egl_test_context(EGLDisplay dpy, EGLConfig config, EGLint major)
{
	const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, major, EGL_NONE };
	EGLContext ctx;

	ck_assert_int_eq(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE);
	ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
	ck_assert_msg(ctx != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());
	return ctx;
}

EGLSurface egl_test_pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h)
{
	const EGLint attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
	EGLSurface s = eglCreatePbufferSurface(dpy, config, attribs);

	ck_assert_msg(s != EGL_NO_SURFACE, "eglCreatePbufferSurface: 0x%x", eglGetError());
	return s;
}

void egl_test_make_current(EGLDisplay dpy, EGLint major, EGLint w, EGLint h)
{
	EGLConfig config = egl_test_config(dpy, 8, 8, 24);
	EGLContext ctx = egl_test_context(dpy, config, major);
	EGLSurface s = egl_test_pbuffer(dpy, config, w, h);

	ck_assert_msg(eglMakeCurrent(dpy, s, s, ctx), "eglMakeCurrent: 0x%x", eglGetError());
}

void egl_test_teardown(void)
{
	EGLDisplay dpy = eglGetCurrentDisplay();
	EGLDeviceEXT dev = egl_test_device();

	if (dpy != EGL_NO_DISPLAY)
		eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglTerminate(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL));
	if (dev != EGL_NO_DEVICE_EXT)
		eglTerminate(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL));
	eglReleaseThread();
}

EGLDeviceEXT egl_test_device(void)
{
	PFNEGLQUERYDEVICESEXTPROC query =
		(PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	EGLDeviceEXT dev = EGL_NO_DEVICE_EXT;
	EGLint n = 0;

	ck_assert_ptr_nonnull(query);
	ck_assert_int_eq(query(1, &dev, &n), EGL_TRUE);
	return n == 1 ? dev : EGL_NO_DEVICE_EXT;
}

bool egl_test_has_extension(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; p && (p = strstr(p, name)); p += len)
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
			return true;
	return false;
}

unsigned egl_test_shader(unsigned type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return s;
}

unsigned egl_test_program(const char *vs, const char *fs, const char *attrib)
{
	GLuint p = glCreateProgram();
	GLint ok = 0;

	glAttachShader(p, egl_test_shader(GL_VERTEX_SHADER, vs));
	glAttachShader(p, egl_test_shader(GL_FRAGMENT_SHADER, fs));
	if (attrib)
		glBindAttribLocation(p, 0, attrib);
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_msg(ok, "program does not link");
	glUseProgram(p);
	return p;
}
