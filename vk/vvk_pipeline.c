/* SPDX-License-Identifier: MIT */
#include "vvk_pipeline.h"

#include <stdio.h>

#include "vdrm_cmds.h"
#include "vdrm_streamout.h"
#include "vvk_device.h"
#include "vvk_format.h"
#include "vvk_shader_module.h"

struct shader_text {
	const char *text;
	uint32_t num_tokens;
	uint32_t local_size[3];
	uint32_t shared_size;
	bool uses_push;
	bool uses_base_instance;
	uint32_t base_instance_dword;
	/* written clip distances; TGSI text: CLIPDIST's 8 whenever declared */
	uint32_t clip_distances;
	uint32_t so_strides[VDRM_SO_MAX_BUFFERS]; /* dwords */
	uint32_t nr_so;
	struct vdrm_create_shader_elem so[VDRM_SO_MAX_OUTPUTS];
	struct vc_tgsi compiled; /* when it came from SPIR-V */
};

static enum vc_stage compiler_stage(enum vvk_stage s)
{
	static const enum vc_stage stages[VVK_STAGE_COUNT] = {
		[VVK_STAGE_VS] = VC_STAGE_VERTEX, [VVK_STAGE_FS] = VC_STAGE_FRAGMENT,
		[VVK_STAGE_GS] = VC_STAGE_GEOMETRY, [VVK_STAGE_TCS] = VC_STAGE_TESS_CTRL,
		[VVK_STAGE_TES] = VC_STAGE_TESS_EVAL, [VVK_STAGE_CS] = VC_STAGE_COMPUTE,
	};
	return stages[s];
}

/* The layout's descriptor behind a reported (sampler set, binding, element). */
static bool pair_desc(const struct vvk_pipeline_layout *l, const struct vc_sampler_pair *in,
		      uint32_t *desc)
{
	const struct vvk_dsl_binding *b;

	if (in->sampler_set >= l->nr_sets || !l->sets[in->sampler_set])
		return false;
	b = vvk_dsl_find(l->sets[in->sampler_set], in->sampler_binding);
	if (!b || b->type != VK_DESCRIPTOR_TYPE_SAMPLER || in->sampler_index >= b->count)
		return false;
	*desc = b->desc_index + in->sampler_index;
	return true;
}

static VkResult take_pairs(struct vvk_pipeline *p, enum vvk_stage s, const struct vc_shader_info *info)
{
	for (uint32_t i = 0; i < info->nr_sampler_pairs; i++) {
		const struct vc_sampler_pair *in = &info->sampler_pairs[i];
		struct vvk_sampler_pair *out = &p->pairs[s][i];

		if (!pair_desc(p->layout, in, &out->desc)) {
			fprintf(stderr, "virtgl: the pipeline layout has no sampler at set %u "
				"binding %u[%u]\n", in->sampler_set, in->sampler_binding,
				in->sampler_index);
			return VK_ERROR_INVALID_SHADER_NV;
		}
		out->slot = in->slot;
		out->set = in->sampler_set;
	}
	p->nr_pairs[s] = info->nr_sampler_pairs;
	return VK_SUCCESS;
}

/* The compiler's entries as the host's dwords. */
static VkResult take_stream_output(const struct vc_shader_info *info, struct shader_text *out)
{
	memcpy(out->so_strides, info->so_strides, sizeof(out->so_strides));
	for (uint32_t i = 0; i < info->nr_so_outputs; i++) {
		const struct vc_so_output *o = &info->so_outputs[i];

		if (!vdrm_so_output(o->reg, o->component, o->count, o->buffer, o->offset,
				    &out->so[i].output))
			return VK_ERROR_INVALID_SHADER_NV;
		out->so[i].stream = 0;
	}
	out->nr_so = info->nr_so_outputs;
	return VK_SUCCESS;
}

/* The locations stream output captures (built-ins are never removed). */
static uint32_t xfb_locations(const struct vc_xfb *xfb)
{
	uint32_t live = 0;

	for (uint32_t i = 0; xfb && i < xfb->nr_outputs; i++)
		if (xfb->outputs[i].location < 32)
			live |= 1u << xfb->outputs[i].location;
	return live;
}

/* A vertex shader whose fragment shader is known loses the outputs it does not read. */
static int compile_stage(const struct vc_compile_info *info, const struct vvk_varyings *v,
			 struct vc_tgsi *out)
{
	if (info->stage == VC_STAGE_VERTEX && v && v->known)
		return vc_spirv_to_tgsi_linked(info, v->fs_reads | xfb_locations(info->xfb), out);
	if (info->stage == VC_STAGE_FRAGMENT && v && v->vs_known)
		return vc_spirv_to_tgsi_linked(info, v->vs_writes, out);
	return vc_spirv_to_tgsi(info, out);
}

static VkResult compile(struct vvk_pipeline *p, const struct vvk_shader_module *m,
			const VkPipelineShaderStageCreateInfo *stage, enum vvk_stage s,
			const struct vc_xfb *xfb, struct vvk_varyings *varyings,
			struct shader_text *out)
{
	struct vc_compile_info info = {
		.words = m->words, .nr_words = m->nr_words, .entry_point = stage->pName,
		.stage = compiler_stage(s), .map = vvk_pipeline_layout_slot_map(p->layout),
		.xfb = s == VVK_STAGE_VS || s == VVK_STAGE_TES || s == VVK_STAGE_GS ? xfb : NULL,
		.advanced_blend = s == VVK_STAGE_FS && !p->host_blend_equations
					  ? (enum vc_advanced_blend)p->advanced_blend : VC_BLEND_NONE,
		.blend_equations = s == VVK_STAGE_FS ? p->host_blend_equations : 0,
		.clip_disabled = s == p->raster_stage ? p->clip_disabled : 0,
	};
	VkResult r;

	if (compile_stage(&info, varyings, &out->compiled)) {
		fprintf(stderr, "virtgl: shader compilation failed: %s\n",
			out->compiled.log ? out->compiled.log : "");
		return VK_ERROR_INVALID_SHADER_NV; /* the caller finishes out->compiled */
	}
	if (s == VVK_STAGE_FS && varyings) {
		varyings->known = true;
		varyings->fs_reads = out->compiled.info.varyings_read;
	}
	out->text = out->compiled.text;
	out->num_tokens = out->compiled.num_tokens;
	memcpy(out->local_size, out->compiled.info.local_size, sizeof(out->local_size));
	out->shared_size = out->compiled.info.shared_size;
	out->uses_push = out->compiled.info.uses_push_constants;
	out->uses_base_instance = out->compiled.info.uses_base_instance;
	out->base_instance_dword = out->compiled.info.base_instance_dword;
	out->clip_distances = out->compiled.info.clip_distances;
	r = take_stream_output(&out->compiled.info, out);
	return r == VK_SUCCESS ? take_pairs(p, s, &out->compiled.info) : r;
}

static void from_tgsi(const struct vvk_shader_module *m, struct shader_text *out)
{
	size_t len = strlen(m->tgsi);

	out->text = m->tgsi;
	/* without a binary encoder: about one token per two bytes, plus slack */
	out->num_tokens = m->tgsi_info.num_tokens ? m->tgsi_info.num_tokens
						  : (uint32_t)(len / 2 + 64);
	memcpy(out->local_size, m->tgsi_info.local_size, sizeof(out->local_size));
	out->shared_size = m->tgsi_info.shared_size;
	out->uses_push = strstr(m->tgsi, "DCL CONST[0") != NULL;
	out->clip_distances = strstr(m->tgsi, "CLIPDIST") ? 8 : 0;
}

/* offlen bit 31: this part continues a shader (doc 2.4). */
#define SHADER_CONTINUATION 0x80000000u

/* A part's text: what one command holds after its fixed dwords, in whole dwords. */
static size_t part_bytes(void)
{
	return (VDRM_CMD_MAX_PAYLOAD - VDRM_CREATE_SHADER_PART_LEN(0)) * 4;
}

/*
 * Text longer than one command goes as a first part and continuations. The
 * host waits for all of them before it parses (and rejects another shader of
 * the stage meanwhile): they go into the setup stream back to back.
 */
static void encode_parts(struct vdrm_cs *cs, const struct shader_text *t, uint32_t type,
			 size_t total)
{
	for (size_t off = 0; off < total; off += part_bytes()) {
		size_t n = VVK_MIN(part_bytes(), total - off);

		vdrm_encode_create_shader_part(cs, &(struct vdrm_cmd_create_shader_part){
			.type = type, .offlen = off ? SHADER_CONTINUATION | (uint32_t)off
						     : (uint32_t)total,
			.num_tokens = t->num_tokens, .local_mem_bytes = t->shared_size,
			.data = t->text + off, .size_bytes = (uint32_t)n });
	}
}

static void encode_shader(struct vdrm_cs *cs, const struct shader_text *t, uint32_t type)
{
	size_t len = strlen(t->text);
	struct vdrm_cmd_create_shader c = {
		.type = type, .num_tokens = t->num_tokens, .local_mem_bytes = t->shared_size,
		.elems = t->so, .count = t->nr_so, .data = t->text, .size_bytes = (uint32_t)len };

	/* parts carry no stream output: such a shader fails in the encoder */
	if (!t->nr_so && VDRM_CREATE_SHADER_LEN(0, len) > VDRM_CMD_MAX_PAYLOAD) {
		encode_parts(cs, t, type, len + 1);
		return;
	}
	memcpy(c.so_stride, t->so_strides, sizeof(c.so_stride));
	vdrm_encode_create_shader(cs, &c);
}

/*
 * Pipelines with the same TGSI for a stage share one host shader object: the
 * cache keys on every command of it, so a shader sent in parts is shared by
 * its whole text too.
 */
static uint32_t create_shared_shader(struct vvk_device *dev, const struct shader_text *t,
				     enum vvk_stage s)
{
	struct vdrm_cs tmp;

	vdrm_cs_init(&tmp);
	encode_shader(&tmp, t, vvk_stage_wire(s));
	return vvk_object_cache_acquire_cs(dev, &tmp);
}

static void take_stage_info(struct vvk_pipeline *p, enum vvk_stage s, const struct shader_text *t)
{
	p->uses_push[s] = t->uses_push || t->uses_base_instance;
	if (t->uses_base_instance) {
		p->uses_base_instance = true;
		p->base_instance_dword = t->base_instance_dword;
	}
	memcpy(p->local_size, t->local_size, sizeof(p->local_size));
	p->clip_distances[s] = t->clip_distances;
}

VkResult vvk_pipeline_create_shader(struct vvk_device *dev, struct vvk_pipeline *p,
				    const VkPipelineShaderStageCreateInfo *stage, enum vvk_stage s,
				    const struct vc_xfb *xfb, struct vvk_varyings *varyings)
{
	const struct vvk_shader_module *m = vvk_shader_module_from_handle(stage->module);
	struct shader_text t = { 0 };
	VkResult r = VK_SUCCESS;

	if (m->tgsi)
		from_tgsi(m, &t);
	else
		r = compile(p, m, stage, s, xfb, varyings, &t);
	if (r == VK_SUCCESS) {
		take_stage_info(p, s, &t);
		p->shaders[s] = create_shared_shader(dev, &t, s);
		if (!p->shaders[s])
			r = VK_ERROR_OUT_OF_HOST_MEMORY;
		else
			p->stage_mask |= 1u << s;
	}
	if (!m->tgsi)
		vc_tgsi_finish(&t.compiled);
	return r;
}

static enum vvk_stage stage_of(VkShaderStageFlagBits b)
{
	return b == VK_SHADER_STAGE_VERTEX_BIT ? VVK_STAGE_VS
	     : b == VK_SHADER_STAGE_FRAGMENT_BIT ? VVK_STAGE_FS
	     : b == VK_SHADER_STAGE_GEOMETRY_BIT ? VVK_STAGE_GS
	     : b == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT ? VVK_STAGE_TCS
	     : b == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT ? VVK_STAGE_TES : VVK_STAGE_CS;
}

/* A geometry or tessellation stage reads the vertex shader's outputs and
 * writes the fragment shader's inputs: the two cannot trim each other's
 * varyings. Each needs a host with its stage; tessellation needs both
 * of its stages and a patch size (the host draws nothing otherwise). */
static VkResult middle_stages(struct vvk_device *dev, const VkGraphicsPipelineCreateInfo *ci,
			      bool *has_middle)
{
	bool gs = false, tcs = false, tes = false;

	for (uint32_t i = 0; i < ci->stageCount; i++) {
		enum vvk_stage s = stage_of(ci->pStages[i].stage);
		gs |= s == VVK_STAGE_GS;
		tcs |= s == VVK_STAGE_TCS;
		tes |= s == VVK_STAGE_TES;
	}
	*has_middle = gs || tcs || tes;
	if (gs && !vvk_physical_device_has_geometry(dev->pdev))
		return VK_ERROR_FEATURE_NOT_PRESENT;
	if ((tcs || tes) && !vvk_physical_device_has_tessellation(dev->pdev))
		return VK_ERROR_FEATURE_NOT_PRESENT;
	if ((tcs || tes) && (!tcs || !tes || !ci->pTessellationState ||
			     !ci->pTessellationState->patchControlPoints ||
			     ci->pTessellationState->patchControlPoints > 32))
		return VK_ERROR_VALIDATION_FAILED_EXT;
	return VK_SUCCESS;
}

/* The stage whose outputs stream output captures: the last before
 * rasterization (geometry, else evaluation, else vertex shader). */
static enum vvk_stage xfb_stage(const VkGraphicsPipelineCreateInfo *ci)
{
	enum vvk_stage last = VVK_STAGE_VS;

	for (uint32_t i = 0; i < ci->stageCount; i++) {
		enum vvk_stage s = stage_of(ci->pStages[i].stage);

		if (s == VVK_STAGE_GS || (s == VVK_STAGE_TES && last != VVK_STAGE_GS))
			last = s;
	}
	return last;
}

/* GL's clip plane enables (vvk_pipeline_clip_distance_info): the last
 * stage before rasterization writes 0 for a disabled one, which clips
 * nothing on any host (llvmpipe clips with every distance written while
 * none is enabled). Without the struct, every one written clips. */
static void clip_enables(const VkGraphicsPipelineCreateInfo *ci, struct vvk_pipeline *p)
{
	const struct vvk_pipeline_clip_distance_info *c = ci->pRasterizationState
		? vvk_find_struct(ci->pRasterizationState->pNext,
				  VVK_STRUCTURE_TYPE_PIPELINE_CLIP_DISTANCE_INFO)
		: NULL;

	p->raster_stage = xfb_stage(ci);
	p->clip_disabled = c ? ~c->enableMask & 0xffu : 0;
}

static struct vvk_pipeline *pipeline_new(struct vvk_device *dev, const VkAllocationCallbacks *a,
					 VkPipelineBindPoint bp, VkPipelineLayout layout)
{
	struct vvk_pipeline *p = vvk_zalloc(vvk_device_alloc(dev, a), sizeof(*p));

	static uint64_t serials;

	if (!p)
		return NULL;
	p->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
	p->bind_point = bp;
	p->layout = vvk_pipeline_layout_ref(vvk_pipeline_layout_from_handle(layout));
	return p;
}

/* Hands out p, or destroys it and hands out VK_NULL_HANDLE when r is a failure. */
static VkResult pipeline_finish(struct vvk_device *dev, struct vvk_pipeline *p,
				const VkAllocationCallbacks *a, VkResult r, VkPipeline *out)
{
	*out = vvk_pipeline_to_handle(p);
	if (r != VK_SUCCESS && p) {
		vvk_DestroyPipeline(vvk_device_to_handle(dev), *out, a);
		*out = VK_NULL_HANDLE;
	}
	return r;
}

/* One pipeline per create info; a failed one is VK_NULL_HANDLE and its result is returned. */
static VkResult create_each(VkDevice device, uint32_t count, const void *infos, size_t info_size,
			    VkResult (*create)(struct vvk_device *, const void *,
					       const VkAllocationCallbacks *, VkPipeline *),
			    const VkAllocationCallbacks *a, VkPipeline *out)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	VkResult result = VK_SUCCESS;

	for (uint32_t i = 0; i < count; i++) {
		VkResult r = create(dev, (const char *)infos + i * info_size, a, &out[i]);

		if (r != VK_SUCCESS)
			result = r;
	}
	return result;
}

/* A vertex format without a virgl format would reach the host as format 0. */
static VkResult check_vertex_formats(const VkPipelineVertexInputStateCreateInfo *vi)
{
	for (uint32_t i = 0; vi && i < vi->vertexAttributeDescriptionCount; i++)
		if (!vvk_format_to_virgl(vi->pVertexAttributeDescriptions[i].format))
			return VK_ERROR_FORMAT_NOT_SUPPORTED;
	return VK_SUCCESS;
}

/* vvk_pipeline_stream_output_info in the compiler's terms (dwords). */
static VkResult stream_output(const VkGraphicsPipelineCreateInfo *ci, struct vc_xfb *x)
{
	const struct vvk_pipeline_stream_output_info *so =
		vvk_find_struct(ci->pNext, VVK_STRUCTURE_TYPE_PIPELINE_STREAM_OUTPUT_INFO);

	memset(x, 0, sizeof(*x));
	if (!so)
		return VK_SUCCESS;
	if (so->entryCount > VVK_MAX_STREAM_OUTPUT_ENTRIES || (so->entryCount && !so->pEntries))
		return VK_ERROR_INITIALIZATION_FAILED;
	for (uint32_t b = 0; b < VVK_MAX_STREAM_OUTPUT_BUFFERS; b++) {
		if (so->strides[b] % 4)
			return VK_ERROR_INITIALIZATION_FAILED;
		x->strides[b] = so->strides[b] / 4;
	}
	for (uint32_t i = 0; i < so->entryCount; i++) {
		const struct vvk_stream_output_entry *e = &so->pEntries[i];

		if (e->offset % 4)
			return VK_ERROR_INITIALIZATION_FAILED;
		x->outputs[i] = (struct vc_xfb_output){ e->location, e->component,
							e->componentCount, e->buffer,
							e->offset / 4 };
	}
	x->nr_outputs = so->entryCount;
	return VK_SUCCESS;
}

/* The output locations of the pipeline's vertex shader, when it is SPIR-V. */
static void vertex_outputs(const VkGraphicsPipelineCreateInfo *ci, struct vvk_varyings *v)
{
	for (uint32_t i = 0; i < ci->stageCount; i++) {
		const VkPipelineShaderStageCreateInfo *st = &ci->pStages[i];
		const struct vvk_shader_module *m = vvk_shader_module_from_handle(st->module);
		struct vc_compile_info info = { .words = m->words, .nr_words = m->nr_words,
						.entry_point = st->pName, .stage = VC_STAGE_VERTEX };

		if (stage_of(st->stage) == VVK_STAGE_VS && !m->tgsi)
			v->vs_known = vc_spirv_output_locations(&info, &v->vs_writes) == 0;
	}
}

/* The equations the host's compiler is told the fragment shader declares:
 * the chained vvk_pipeline_blend_support_info's, and eq in any case. */
static uint32_t host_equations(const VkGraphicsPipelineCreateInfo *ci, int eq)
{
	const struct vvk_pipeline_blend_support_info *bs =
		vvk_find_struct(ci->pNext, VVK_STRUCTURE_TYPE_PIPELINE_BLEND_SUPPORT_INFO);
	uint32_t all = ((1u << (VC_BLEND_HSL_LUMINOSITY + 1)) - 1) & ~1u;

	return ((bs ? bs->equations : 0) | 1u << eq) & all;
}

/* Attachment 0's advanced blend op (VK_EXT_blend_operation_advanced, the
 * 15 equations of KHR_blend_equation_advanced): the fragment shader does it
 * with framebuffer fetch, or the host with its own equations
 * (pdev->advanced_blend); the rest is refused. */
static VkResult advanced_blend(struct vvk_device *dev, const VkGraphicsPipelineCreateInfo *ci,
			       struct vvk_pipeline *p)
{
	enum vvk_advanced_blend path = dev->pdev->advanced_blend;
	const VkPipelineColorBlendStateCreateInfo *cb = ci->pColorBlendState;
	const VkPipelineColorBlendAttachmentState *a;
	int eq;

	if (!cb || !cb->attachmentCount || !cb->pAttachments[0].blendEnable)
		return VK_SUCCESS;
	a = &cb->pAttachments[0];
	eq = vvk_advanced_blend_op(a->colorBlendOp);
	if (!eq)
		return VK_SUCCESS;
	if (eq < 0 || a->alphaBlendOp != a->colorBlendOp || path == VVK_ADVANCED_BLEND_NONE)
		return VK_ERROR_FEATURE_NOT_PRESENT;
	p->advanced_blend = (uint32_t)eq;
	if (path == VVK_ADVANCED_BLEND_HOST)
		p->host_blend_equations = host_equations(ci, eq);
	return VK_SUCCESS;
}

static VkResult create_graphics(struct vvk_device *dev, const void *info,
				const VkAllocationCallbacks *a, VkPipeline *out)
{
	const VkGraphicsPipelineCreateInfo *ci = info;
	struct vvk_pipeline *p = pipeline_new(dev, a, VK_PIPELINE_BIND_POINT_GRAPHICS, ci->layout);
	VkResult r = !p ? VK_ERROR_OUT_OF_HOST_MEMORY : check_vertex_formats(ci->pVertexInputState);
	struct vvk_varyings varyings = { false, 0, false, 0 };
	struct vc_xfb xfb;
	bool has_middle = false;

	/* virgl's restart flag is not safe to send: virglrenderer 0.10.4 serves
	 * it with glEnableClientState(GL_PRIMITIVE_RESTART_NV) where the host
	 * has that extension, an error in a core context, and NVIDIA's renderer
	 * then drops the client. gl/ splits draws at restart indices instead. */
	if (r == VK_SUCCESS && ci->pInputAssemblyState &&
	    ci->pInputAssemblyState->primitiveRestartEnable)
		r = VK_ERROR_FEATURE_NOT_PRESENT;
	if (r == VK_SUCCESS)
		r = advanced_blend(dev, ci, p);
	if (r == VK_SUCCESS)
		r = stream_output(ci, &xfb);
	if (r == VK_SUCCESS)
		r = middle_stages(dev, ci, &has_middle);
	if (r == VK_SUCCESS)
		clip_enables(ci, p);
	if (r == VK_SUCCESS && !has_middle)
		vertex_outputs(ci, &varyings);
	/* the fragment shader first: the vertex shader keeps only what it reads */
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; r == VK_SUCCESS && i < ci->stageCount; i++) {
			enum vvk_stage s = stage_of(ci->pStages[i].stage);

			if ((s == VVK_STAGE_FS) == (pass == 0))
				r = vvk_pipeline_create_shader(dev, p, &ci->pStages[i], s,
							       xfb.nr_outputs && s == xfb_stage(ci)
							       ? &xfb : NULL,
							       has_middle ? NULL : &varyings);
		}
	if (r == VK_SUCCESS)
		vvk_pipeline_create_states(dev, p, ci);
	if (r == VK_SUCCESS && !(p->blend && p->dsa && p->rasterizer && p->vertex_elements))
		r = VK_ERROR_OUT_OF_HOST_MEMORY;
	return pipeline_finish(dev, p, a, r, out);
}

VkResult vvk_CreateGraphicsPipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
				     const VkGraphicsPipelineCreateInfo *pCreateInfos,
				     const VkAllocationCallbacks *pAllocator,
				     VkPipeline *pPipelines)
{
	(void)cache;
	return create_each(device, count, pCreateInfos, sizeof(*pCreateInfos), create_graphics,
			   pAllocator, pPipelines);
}

static VkResult create_compute(struct vvk_device *dev, const void *info,
			       const VkAllocationCallbacks *a, VkPipeline *out)
{
	const VkComputePipelineCreateInfo *ci = info;
	struct vvk_pipeline *p = pipeline_new(dev, a, VK_PIPELINE_BIND_POINT_COMPUTE, ci->layout);
	VkResult r = p ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;

	if (r == VK_SUCCESS && !vvk_physical_device_has_cap(dev->pdev, VDRM_CAP_COMPUTE_SHADER))
		r = VK_ERROR_FEATURE_NOT_PRESENT;
	if (r == VK_SUCCESS)
		r = vvk_pipeline_create_shader(dev, p, &ci->stage, VVK_STAGE_CS, NULL, NULL);
	return pipeline_finish(dev, p, a, r, out);
}

VkResult vvk_CreateComputePipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
				    const VkComputePipelineCreateInfo *pCreateInfos,
				    const VkAllocationCallbacks *pAllocator,
				    VkPipeline *pPipelines)
{
	(void)cache;
	return create_each(device, count, pCreateInfos, sizeof(*pCreateInfos), create_compute,
			   pAllocator, pPipelines);
}

void vvk_DestroyPipeline(VkDevice device, VkPipeline pipeline,
			 const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_pipeline *p = vvk_pipeline_from_handle(pipeline);

	if (!p)
		return;
	for (int s = 0; s < VVK_STAGE_COUNT; s++)
		vvk_object_cache_release(dev, p->shaders[s]);
	vvk_object_cache_release(dev, p->blend);
	vvk_object_cache_release(dev, p->dsa);
	vvk_object_cache_release(dev, p->rasterizer);
	vvk_object_cache_release(dev, p->vertex_elements);
	vvk_pipeline_layout_unref(p->layout);
	vvk_free(vvk_device_alloc(dev, pAllocator), p);
}
