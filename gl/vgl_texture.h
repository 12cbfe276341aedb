/* SPDX-License-Identifier: MIT */
/*
 * Textures, and the hook between the draw path and them.
 *
 * A texture object keeps GL's view of its images (the size and format of
 * every level of every face, as glTexImage2D defined them) apart from its
 * storage: ONE VkImage holding the full mip chain of the size level 0 has
 * (or would have, when another level was defined first): six layers for a
 * cube map, a 3D image for GL_TEXTURE_3D, N layers for GL_TEXTURE_2D_ARRAY
 * and GL_TEXTURE_CUBE_MAP_ARRAY
 * (a level's `depth` is its slices or layers). Levels consistent with the storage live in it; a level that
 * does not fit makes new storage when it is the base of the chain, and is
 * only recorded (the texture is incomplete, its data dropped) otherwise.
 * Storage is a vgl_object: batches that sample or render to it reference it,
 * so re-specifying a busy texture orphans the old storage, never waits.
 *
 * Uploads copy client data into a fresh host-visible staging buffer and
 * record a buffer->image copy in the context's batch. The copy runs after
 * every command recorded or submitted before it (one host context, in
 * order), so an upload never flushes and never waits, whether or not a
 * batch samples the texture: a draw recorded before the upload samples the
 * old texels, one recorded after it the new ones (technique 2, stream
 * ordering rather than a CPU wait). Data in a pixel unpack buffer is
 * copied from the buffer itself where its layout is the image's (vgl_pbo.h).
 * Stored GL-style: client row 0 is t = 0 is memory row 0 (vgl_framebuffer.h).
 *
 * Incomplete textures (ES 3.0 §3.8.13, ES 2.0 §3.8.2 with NPOT rules) sample
 * a 1x1 (0,0,0,1) image, as the spec's sampling rule says.
 *
 * Files: vgl_texture.c (objects, units, state), vgl_texture_image.c (where
 * levels live, glTex*Image*, glTexStorage*), vgl_texture_storage.c (images,
 * views, uploads), vgl_texture_sample.c (completeness, the draw hook),
 * vgl_texture_param.c, vgl_texture_copy.c (mipmaps, glCopyTex*),
 * vgl_texture_view.c (glTextureView: storage windows), and
 * vgl_sampler.c, vgl_pixel.c, vgl_renderbuffer.c, vgl_fbo*.c.
 */
#pragma once

#include <GLES3/gl31.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "vgl_extensions.h"
#include "vgl_object.h"
#include "vgl_param_value.h"
#include "vgl_range.h"
#include "vvk.h"

struct vgl_buffer;
struct vgl_context;
struct vgl_device;
struct vgl_share;
struct vgl_pixel_format;

/* GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: ES 3.2 asks for 96 (3.1: 48), and at least
 * the stages' units together (vertex, fragment, compute: 3 x 32) */
#define VGL_MAX_TEXTURE_UNITS 96
#define VGL_MAX_STAGE_TEXTURE_UNITS 32 /* a stage's (virgl's sampler views per stage) */
#define VGL_MAX_LEVELS 15

struct vgl_context;
/* The last level a texture of target tt may have: log2 of the device's
 * largest size of that kind (GL's "log2 of the maximum texture size"). */
GLint vgl_texture_max_level(const struct vgl_context *ctx, GLenum tt);

/* VGL_TEX_EXTERNAL: GL_TEXTURE_EXTERNAL_OES, a 2D texture on an EGL image */
/* VGL_TEX_2D_MS: GL_TEXTURE_2D_MULTISAMPLE (ES 3.1) */
/* VGL_TEX_2D_MS_ARRAY: GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES
 * (OES_texture_storage_multisample_2d_array): a 2D MS texture of layers */
/* VGL_TEX_CUBE_ARRAY: GL_TEXTURE_CUBE_MAP_ARRAY (EXT_texture_cube_map_array):
 * like a 2D array whose 6N layers are N cubes, face by face */
/* VGL_TEX_BUFFER: GL_TEXTURE_BUFFER (EXT/OES_texture_buffer): no images,
 * a range of a buffer object read as texels (vgl_texture_buffer.c) */
enum vgl_tex_target { VGL_TEX_2D, VGL_TEX_CUBE, VGL_TEX_3D, VGL_TEX_2D_ARRAY, VGL_TEX_EXTERNAL,
		      VGL_TEX_2D_MS, VGL_TEX_CUBE_ARRAY, VGL_TEX_BUFFER, VGL_TEX_2D_MS_ARRAY,
		      VGL_TEX_TARGET_COUNT };

struct vgl_tex_view {
	VkImageViewType type;
	uint32_t base_level, levels, layer, layers;
	VkComponentMapping swizzle;
	/* VK_FORMAT_UNDEFINED: the storage's format; another (of the same
	 * texel size): a storage-image-only view, an image unit's format */
	VkFormat format;
	/* VK_FORMAT_UNDEFINED: the storage's; else a sampled view in another
	 * format of the same texels (an sRGB image's linear twin) */
	VkFormat sample_format;
	/* 0: the storage's aspects; STENCIL: a depth/stencil texture's stencil
	 * (ES 3.1 DEPTH_STENCIL_TEXTURE_MODE = STENCIL_INDEX) */
	VkImageAspectFlags aspect;
	VkImageView view;
};

/* One image with its views; also the storage of renderbuffers. An alias
 * (EGL image targets) is one level of another storage's image: its level 0
 * is the image's level base_level, and it owns only its views. A window
 * (texture views) is an alias of several levels and layers from
 * base_level / base_layer, maybe in another format. */
struct vgl_tex_storage {
	struct vgl_object obj;     /* references: its texture/renderbuffer, batches, EGL images */
	struct vgl_device *dev;
	VkImage image;
	VkDeviceMemory mem;
	struct vgl_tex_storage *parent;  /* an alias's; referenced. NULL: owns image and memory */
	uint32_t base_level;       /* the image's level that is this storage's level 0 */
	uint32_t base_layer;       /* the image's layer that is its layer 0 (texture views) */
	atomic_uint images;        /* live EGL images of it: its users are EGL image siblings */
	VkFormat format;
	VkImageAspectFlags aspects;
	uint32_t width, height, depth, levels, layers;  /* depth: 3D images, else 1 */
	uint32_t samples;          /* 1, or a multisample renderbuffer's count */
	bool is_3d, array;         /* a 3D image / a 2D array (level specs' depth: layers) */
	bool written;              /* uploaded or rendered: reads need the GPU */
	bool renderable;           /* made with attachment usage (the host renders its format) */
	pthread_mutex_t lock;      /* the views: contexts of a share group draw with it */
	struct vgl_tex_view *views;  /* made on demand, destroyed with the storage */
	uint32_t nr_views, cap_views;
};

struct vgl_tex_level {
	GLsizei width, height;     /* 0: undefined */
	GLsizei depth;             /* 3D: slices; 2D arrays: layers; else 1 */
	GLenum internal_format;
	const struct vgl_pixel_format *fmt;
};

/* Whether the w x h x d region at off lies inside the level (vgl_range.h's
 * offset + extent, no int wrap). */
static inline bool vgl_tex_region_ok(const struct vgl_tex_level *lv, const GLint off[3], GLsizei w,
				     GLsizei h, GLsizei d)
{
	return vgl_extent_ok(off[0], w, lv->width) && vgl_extent_ok(off[1], h, lv->height) &&
	       vgl_extent_ok(off[2], d, lv->depth);
}

struct vgl_tex_params {
	GLenum wrap_s, wrap_t, wrap_r, min_filter, mag_filter;
	GLfloat min_lod, max_lod;
	GLint base_level, max_level;
	GLenum compare_mode, compare_func;
	GLenum swizzle[4];
	GLfloat max_anisotropy;    /* EXT_texture_filter_anisotropic; 1: off */
	union vgl_border border;   /* OES_texture_border_clamp; (0,0,0,0) at first */
	GLenum depth_stencil_mode; /* ES 3.1: GL_DEPTH_COMPONENT or GL_STENCIL_INDEX (textures only) */
	GLenum srgb_decode;        /* EXT_texture_sRGB_decode: GL_DECODE_EXT or GL_SKIP_DECODE_EXT */
};

struct vgl_tex_blocks;

struct vgl_texture {
	struct vgl_object obj;     /* references: the name, units, attachments */
	GLuint name;
	GLenum target;             /* GL_TEXTURE_2D, _CUBE_MAP, _3D, _2D_ARRAY, _EXTERNAL_OES */
	struct vgl_tex_level level[6][VGL_MAX_LEVELS];
	/* compressed levels' blocks as given (vgl_texture_blocks.h); NULL: none yet */
	struct vgl_tex_blocks *blocks[6][VGL_MAX_LEVELS];
	struct vgl_tex_storage *storage;
	struct vgl_tex_params params;
	bool immutable;
	GLint immutable_levels;    /* a view's: its levels (TEXTURE_VIEW_NUM_LEVELS) */
	/* OES_texture_view: a view's first level and layer in its original's
	 * image, and its layers (vgl_texture_view.c); 0 for other textures */
	bool is_view;
	GLuint view_min_level, view_min_layer, view_num_layers;
	GLint view_immutable_levels;  /* a view's TEXTURE_IMMUTABLE_LEVELS: its original's */
	uint32_t samples;          /* multisample textures: the count stored; else 0 */
	bool fixed_locations;      /* GL_TEXTURE_FIXED_SAMPLE_LOCATIONS */
	uint64_t change_id;        /* vgl_unique_id, new with every change sampling sees */
	/* GL_TEXTURE_BUFFER: the buffer (referenced; NULL: none), the texel
	 * format, and the range (buffer_size 0: all of it, glTexBuffer) */
	struct vgl_buffer *buffer;
	GLenum buffer_format;
	GLintptr buffer_offset;
	GLsizeiptr buffer_size;
};

/* GL_TEXTURE_2D_MULTISAMPLE or its array: one level, samples, no sampler state. */
static inline bool vgl_texture_target_ms(GLenum target)
{
	return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
}

/* Levels, storage or parameters changed: cached descriptors of it are stale. */
static inline void vgl_texture_changed(struct vgl_texture *t)
{
	t->change_id = vgl_unique_id();
}

struct vgl_fbo;
struct vgl_renderbuffer;
struct vgl_sampler_cache;
struct vgl_sampler_object;

/* A complete texture's view and sampler for a sampler of one target on a
 * unit, valid while the texture and the sampler object (NULL: none) are
 * these, with these change ids. */
struct vgl_tex_desc_cache {
	const struct vgl_texture *t;
	const struct vgl_sampler_object *so;
	uint64_t t_id, so_id;
	uint32_t unit, index;
	VkImageView view;
	VkSampler sampler;
};

#define VGL_TEX_DESC_CACHE 64 /* entries: 32 pairs (newest first) picked by texture and unit */

/* A context's texture, renderbuffer and framebuffer bindings. */
struct vgl_texture_state {
	GLuint active;             /* glActiveTexture - GL_TEXTURE0 */
	struct vgl_texture *units[VGL_MAX_TEXTURE_UNITS][VGL_TEX_TARGET_COUNT]; /* referenced */
	struct vgl_texture *defaults[VGL_TEX_TARGET_COUNT];  /* texture name 0 */
	struct vgl_sampler_object *sampler_units[VGL_MAX_TEXTURE_UNITS];  /* referenced */
	struct vgl_tex_storage *black[VGL_TEX_TARGET_COUNT]; /* what incomplete ones sample */
	struct vgl_sampler_cache *samplers;
	struct vgl_renderbuffer *renderbuffer;               /* referenced */
	struct vgl_names *fbos;                              /* framebuffers are per context */
	struct vgl_fbo *draw_fbo, *read_fbo;                 /* NULL: framebuffer 0 */
	bool no_color_written;     /* the written flag of an FBO without colour */
	bool fb0_draw_none, fb0_read_none;  /* framebuffer 0's draw / read buffer: GL_NONE, not GL_BACK */
	/* vgl_texture_sample.c: descriptors textures gave on units lately */
	struct vgl_tex_desc_cache desc[VGL_TEX_DESC_CACHE];
	/* vgl_fbo_status.c: the draw FBO's last description (NULL: none yet) */
	struct vgl_fb_cache *draw_fb;
	uint64_t fbo_stamps;       /* vgl_fbo_changed's counter, and vgl_fb.kept's */
	/* vgl_framebuffer.c: framebuffer 0's last draw description */
	struct vgl_fb0_cache *draw_fb0;
};

/* The view and sampler for what `unit` binds for a sampler uniform of GL
 * type `sampler_type` (GL_SAMPLER_2D, ...); the batch must keep them alive
 * (vgl_batch_use). false: nothing usable there. */
bool vgl_texture_descriptor(struct vgl_context *ctx, GLint unit, GLenum sampler_type,
			    VkDescriptorImageInfo *out);

/* ---- buffer textures (vgl_texture_buffer.c) ------------------------------------ */

/* Whether a sampler / image uniform's GL type reads a buffer texture
 * (GL_SAMPLER_BUFFER, GL_IMAGE_BUFFER and their int / uint types). */
bool vgl_texture_buffer_type(GLenum type);
/* The texel-buffer view a buffer sampler reads at `unit`; VK_NULL_HANDLE
 * when the unit has no buffer texture with a buffer (reads give zeros).
 * The batch keeps the buffer's storage alive. */
VkBufferView vgl_texture_buffer_descriptor(struct vgl_context *ctx, GLint unit);
/* The view of a buffer texture's range in an image unit's GL format (0:
 * the texture's); `write`: the batch writes it. VK_NULL_HANDLE: none. */
VkBufferView vgl_texture_buffer_view(struct vgl_context *ctx, struct vgl_texture *t,
				     GLenum format, bool write);
/* glGetTexLevelParameter of a buffer texture; false: not a pname of it. */
bool vgl_texture_buffer_level_value(const struct vgl_texture *t, GLenum pname, GLint *v);
/* glGetIntegerv of the texture buffer state and limits; false: not one of them. */
bool vgl_texture_buffer_get(struct vgl_context *ctx, GLenum pname, GLint64 *out);

/* The context's state, made on first use; NULL (GL_OUT_OF_MEMORY set) on failure. */
struct vgl_texture_state *vgl_texture_state(struct vgl_context *ctx);
/* Drops the context's bindings and objects (context destruction). */
void vgl_texture_state_destroy(struct vgl_context *ctx);
/* Drops the share group's textures and renderbuffers (last context gone). */
void vgl_texture_share_finish(struct vgl_share *share);
/* glGet* values of bindings (GL_TEXTURE_BINDING_2D, GL_FRAMEBUFFER_BINDING,
 * ...); false: not one of them. */
bool vgl_texture_get(struct vgl_context *ctx, GLenum pname, GLint64 *out);

/* ---- storage (vgl_texture_storage.c) --------------------------------------- */

struct vgl_tex_storage_info {
	VkFormat format;
	uint32_t width, height, levels;
	bool cube;
	uint32_t depth;            /* > 0: a 3D image of this depth */
	uint32_t layers;           /* > 0: a 2D array of this many layers */
	uint32_t samples;          /* > 1: a multisample image (renderbuffers) */
	/* an image shared as a dma-buf (vk/vvk.h): import its fd, or make an
	 * exportable one; NULL: an ordinary texture */
	const struct vvk_image_dma_buf_info *dma_buf;
	VkResult *result;          /* if not NULL: why creation failed */
};

struct vgl_tex_storage *vgl_tex_storage_create(struct vgl_device *dev,
					       const struct vgl_tex_storage_info *info);
/* One level of a 2D storage as a single-level storage of its own, sharing
 * the image (glEGLImageTarget*); NULL when out of memory. */
struct vgl_tex_storage *vgl_tex_storage_alias(struct vgl_tex_storage *parent, uint32_t level);
/* The storage that owns the image (itself, or an alias's parent). */
static inline struct vgl_tex_storage *vgl_tex_storage_root(struct vgl_tex_storage *s)
{
	return s && s->parent ? s->parent : s;
}
/* A window of another storage's image (OES_texture_view): its levels
 * [min_level, min_level + levels) and layers [min_layer, min_layer + layers)
 * read in `format` (of the same texel size) as a storage of its own; the
 * image lives while either does. NULL when out of memory. */
struct vgl_tex_storage_window {
	VkFormat format;
	uint32_t min_level, levels, min_layer, layers;
	bool array;                /* the view's target is an array or cube map array */
};
struct vgl_tex_storage *vgl_tex_storage_window(struct vgl_tex_storage *parent,
					       const struct vgl_tex_storage_window *w);
/* The image's array layer of the storage's `layer`. */
static inline uint32_t vgl_tex_storage_vk_layer(const struct vgl_tex_storage *s, uint32_t layer)
{
	return s->base_layer + layer;
}
/* The image's mip level of the storage's `level`. */
static inline uint32_t vgl_tex_storage_vk_level(const struct vgl_tex_storage *s, uint32_t level)
{
	return s->base_level + level;
}
static inline void vgl_tex_storage_unref(struct vgl_tex_storage *s)
{
	if (s)
		vgl_object_unref(&s->obj);
}
/* A view of the storage, made once and kept; VK_NULL_HANDLE on failure. */
VkImageView vgl_tex_storage_view(struct vgl_tex_storage *s, const struct vgl_tex_view *key);
/* The single-level 2D view an attachment renders to. */
VkImageView vgl_tex_storage_attachment(struct vgl_tex_storage *s, uint32_t level, uint32_t layer,
				       uint32_t layers);
uint32_t vgl_tex_level_size(uint32_t base, uint32_t level);
/* The depth a level spec must have to live in the storage at `level`. */
uint32_t vgl_tex_storage_level_depth(const struct vgl_tex_storage *s, uint32_t level);

struct vgl_upload {
	uint32_t level, layer;     /* layer: cube face, array layer or 3D slice of client row 0 */
	int32_t x, y;
	uint32_t width, height, depth;   /* depth: slices/layers (0 counts as 1) */
	size_t image_stride;       /* bytes between client slices */
	const struct vgl_pixel_format *fmt;
	const void *pixels;        /* client data (NULL with pbo) */
	size_t stride;             /* bytes between client rows */
	/* data in a pixel unpack buffer (vgl_pbo.h): its texel 0 at `offset`,
	 * `span` bytes from there to the end of the data; NULL: client memory */
	struct vgl_buffer *pbo;
	uint64_t offset, span;
};

/* Records the upload in ctx's batch (no flush, no wait). */
void vgl_tex_storage_upload(struct vgl_context *ctx, struct vgl_tex_storage *s,
			    const struct vgl_upload *up);
/* Fills every layer of a 1x1 RGBA8 storage with `texel` in a submission of
 * its own (usable while a draw records inside rendering). */
/* A new storage of format f: a hidden alpha (vgl_pixel_hidden_alpha) is
 * filled with 1 in ctx's batch, ahead of any upload (the rest of a texel
 * not uploaded is undefined in GL). */
void vgl_tex_storage_fill_alpha(struct vgl_context *ctx, struct vgl_tex_storage *s,
				const struct vgl_pixel_format *f);
int vgl_tex_storage_fill_now(struct vgl_device *dev, struct vgl_tex_storage *s,
			     const uint8_t texel[4]);
/* The same with zeros, for a 1x1 storage of `bytes` (<= 16) per texel. */
int vgl_tex_storage_zero_now(struct vgl_device *dev, struct vgl_tex_storage *s, uint32_t bytes);

/* ---- texture views (vgl_texture_view.c, OES/EXT_texture_view) --------------- */

/* glGetTexParameter's GL_TEXTURE_VIEW_* values; false: not one of them. */
bool vgl_texture_view_param(const struct vgl_context *ctx, const struct vgl_texture *t,
			    GLenum pname, GLint *v);

/* ---- multisample textures (vgl_texture_ms.c, ES 3.1) ------------------------ */

/* The fewest samples (> 1) an RGBA8 multisample texture has here: what an
 * incomplete one samples; 0 where the host has none. */
uint32_t vgl_texture_ms_min_samples(const struct vgl_context *ctx);
/* GL_MAX_COLOR_TEXTURE_SAMPLES, _DEPTH_ and _INTEGER_; false: not one of them. */
bool vgl_texture_ms_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);

/* ---- objects (vgl_texture.c) ----------------------------------------------- */

/* Sampler-state parameters (GL_TEXTURE_WRAP_S ... GL_TEXTURE_COMPARE_FUNC), shared by
 * texture and sampler objects (vgl_texture_param.c); set returns the GL error. */
GLenum vgl_sampler_param_set(const struct vgl_context *ctx, struct vgl_tex_params *p,
			     GLenum pname, const struct vgl_param_in *in);
/* Writes a sampler parameter in the query's form; false: not one. */
bool vgl_sampler_param_get(const struct vgl_context *ctx, const struct vgl_tex_params *p,
			   GLenum pname, enum vgl_param_kind kind, void *out);
/* Whether target names a texture target of the context's version. */
bool vgl_texture_target_valid(const struct vgl_context *ctx, GLenum target);
/* The texture bound to target on the active unit, target given as
 * GL_TEXTURE_2D, _CUBE_MAP, _3D or _2D_ARRAY; NULL: invalid target. */
struct vgl_texture *vgl_texture_bound(struct vgl_context *ctx, GLenum target);
/* The texture of a name, made with `target` when the name has none yet
 * (glBindTexture's first bind); NULL (GL_OUT_OF_MEMORY set) on failure. */
struct vgl_texture *vgl_texture_lookup_or_create(struct vgl_context *ctx, GLuint name,
						 GLenum target);
/* The texture of a name (shared namespace); NULL if none. */
struct vgl_texture *vgl_texture_lookup(struct vgl_context *ctx, GLuint name);
/* The face index of a glTexImage2D target, and its texture target; false: invalid. */
bool vgl_texture_face(GLenum target, GLenum *tex_target, uint32_t *face);
/* Whether the texture samples its images (GL's completeness rules). */
bool vgl_texture_complete(const struct vgl_context *ctx, const struct vgl_texture *t);
/* The storage level a texture level lives in, making storage for it when
 * needed; NULL when the level is not stored (incomplete) or out of memory. */
struct vgl_tex_storage *vgl_texture_level_storage(struct vgl_context *ctx, struct vgl_texture *t,
						  uint32_t face, uint32_t level);
/* Whether a defined level's image lives in the texture's storage. */
bool vgl_texture_level_stored(const struct vgl_texture *t, uint32_t face, uint32_t level);
/* Records a level's spec; returns the storage it lives in (NULL: empty,
 * incomplete or out of memory). */
struct vgl_tex_storage *vgl_texture_define(struct vgl_context *ctx, struct vgl_texture *t,
					   uint32_t face, uint32_t level,
					   const struct vgl_tex_level *spec);
static inline struct vgl_texture *vgl_texture_ref(struct vgl_texture *t)
{
	if (t)
		vgl_object_ref(&t->obj);
	return t;
}
static inline void vgl_texture_unref(struct vgl_texture *t)
{
	if (t)
		vgl_object_unref(&t->obj);
}
